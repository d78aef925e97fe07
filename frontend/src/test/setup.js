/** Vitest set-up: unmount rendered trees and start every test with empty browser storage. */
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(cleanup)

// jsdom has no layout, so it cannot scroll; the browser tests check scroll-to-top for real.
window.scrollTo = () => {}

// Test-environment shims for browser APIs that jsdom lacks and Mantine calls (not app behaviour):
// matchMedia (color scheme, useMediaQuery) and ResizeObserver (floating dropdowns, AppShell, ScrollArea).
window.matchMedia ??= (query) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})
window.ResizeObserver ??= class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
// document.fonts (Mantine's autosizing Textarea re-measures once web fonts have loaded).
document.fonts ??= { addEventListener: () => {}, removeEventListener: () => {} }
