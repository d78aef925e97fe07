/** Vite: React, the dev-server proxy of /api to the web process, and Vitest in jsdom. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

/** Test files that replace a module with vi.mock: they need a module graph of their own. */
function filesMockingModules(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.jsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => readFileSync(path, 'utf8').includes('vi.mock('))
}

const mocking = filesMockingModules('src')
/** The packages every screen runs on (see build below). */
const FRAMEWORK = new RegExp(String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom`
  + String.raw`|@mantine[\\/](core|hooks))[\\/]`)
// test.sh runs Vitest beside pytest's processes on two cores, where a test of 1 s alone was seen to take 5.3 s: the
// limit is there to end a test that hangs, not to time one.
const shared = { environment: 'jsdom', setupFiles: ['./src/test/setup.js'], testTimeout: 20000 }

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React, the router and Mantine in one chunk, which every screen needs: left to the automatic splitting, they
    // came as some twenty small chunks shared differently by the lazy screens, and a first visit to the landing page
    // made 31 requests (12 with it), a signed-in dashboard 47 (21). Measured in Chromium on the built app: about 16 %
    // less CPU a page load (0.59 -> 0.49 s on the landing, 0.88 -> 0.72 s on the dashboard, the web process's
    // included), for 117 KB more on the landing (1.10 -> 1.22 MB, uncompressed). Rolldown's `entriesAware` split of
    // this group ordered the chunks wrongly (React undefined when a screen started): one chunk, above Vite's 500 KB
    // hint.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: FRAMEWORK }],
        },
      },
    },
  },
  test: {
    // A jsdom and a module graph per test file cost most of the suite's time; the files that share them start from
    // the state src/test/setup.js resets (stores, language, toasts, storage, timers), and those that mock a module
    // keep their own graph, since a mocked module would leak into, or miss, the files sharing it. A file that only
    // replaces API calls spies on the API object instead (src/test/stubCalls.js) and shares the graph: 8 files kept
    // their own graph, 2 do now, and the suite's CPU went from 50 to 32 s.
    projects: [
      { extends: true, test: { ...shared, name: 'shared', isolate: false, exclude: [...mocking, 'node_modules/**'] } },
      { extends: true, test: { ...shared, name: 'own', include: mocking } },
    ],
  },
})
