/** Vitest set-up, run before every test file: each test starts with empty browser storage, English, no toast,
 *  real timers and every store at its initial state, so files that share one jsdom (vite.config.js) cannot see
 *  what an earlier file left. Rendered trees are unmounted after each test. */
import { notifications } from '@mantine/notifications'
import { act, cleanup, configure } from '@testing-library/react'
import { AxiosError } from 'axios'
import { afterEach, beforeEach, vi } from 'vitest'
import { client } from '../api/client'
import i18n from '../i18n'

// A call no test answers (tests stub the API objects: test/stubCalls.js) fails at once, as a server that cannot be
// reached fails. Left to jsdom it went to localhost:3000, where it was refused after however long the machine took,
// or answered by whatever listened there: a refusal that came late raised its alert in the middle of a later check.
client.defaults.adapter = (config) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config))

// findBy* and waitFor wait up to 5 s rather than Testing Library's 1 s: beside the Python suite's browsers and
// workers, a lazily loaded screen once took longer than 1 s to render its first text.
configure({ asyncUtilTimeout: 5000 })

const stores = import.meta.glob(['../stores/*.js', '!../stores/*.test.js'], { eager: true })

function resetStores() {
  for (const module of Object.values(stores)) {
    for (const store of Object.values(module)) {
      if (typeof store?.getInitialState === 'function') store.setState(store.getInitialState(), true)
    }
  }
}

beforeEach(async () => {
  localStorage.clear()
  sessionStorage.clear()
  resetStores()
  if (i18n.language !== 'en') await i18n.changeLanguage('en')
})
afterEach(() => {
  cleanup()
  act(() => notifications.clean())
  vi.useRealTimers()
})

// jsdom has no layout, so it cannot scroll; the browser tests check scroll-to-top for real. Mantine's Combobox scrolls
// its selected option into view a moment after it opens, in any file that opens a Select.
window.scrollTo = () => {}
Element.prototype.scrollIntoView ??= () => {}

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
// IntersectionObserver (Mantine's Carousel: embla watches which slides are in view).
window.IntersectionObserver ??= class IntersectionObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() { return [] }
}
// document.fonts (Mantine's autosizing Textarea re-measures once web fonts have loaded).
document.fonts ??= { addEventListener: () => {}, removeEventListener: () => {} }
