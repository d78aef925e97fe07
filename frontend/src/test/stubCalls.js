/** Replaces the named calls of an API object (src/api/*) with mocks that answer nothing until a test says what they
 *  answer, before each test of the file, and puts the real calls back after it. Unlike vi.mock, a file that does this
 *  keeps the module graph it shares with the other test files (vite.config.js), which saves it a graph of its own. */
import { afterEach, beforeEach, vi } from 'vitest'

export function stubCalls(api, ...names) {
  beforeEach(() => {
    for (const name of names) vi.spyOn(api, name).mockImplementation(() => undefined)
  })
  afterEach(() => vi.restoreAllMocks())
}
