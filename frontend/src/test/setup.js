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
