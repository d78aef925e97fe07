/** Product state (spec 001 §3): the selected page's categories, the selected category, and the message shown for
 *  2 s when a change is refused or fails (spec 001 §7, §8). Only the selected category is kept across a reload (under
 *  `state`); the categories are fetched again, so a stale catalogue never survives one. */
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { catalogueApi } from '../api/catalogue'
import { ALERT_MS, refusalMessage } from '../components/catalogue/catalogueRules'
import { underState } from './stateStorage'

let alertTimer = null

export const useCatalogueStore = create(
  persist(
    (set, get) => ({
      pageKey: null,
      categories: [],
      loaded: false,
      loading: false,
      error: null,
      message: null, // {key} or {text}: the 2-second alert
      selectedCategoryId: null,

      /** Fetches the page's categories; `page` is {id, platform}. */
      async load(page) {
        const pageKey = `${page.platform}:${page.id}`
        set({ loading: true, error: null, ...(get().pageKey !== pageKey && { categories: [], loaded: false, pageKey }) })
        try {
          const body = await catalogueApi.list(page.platform, page.id)
          set({ categories: Array.isArray(body?.data) ? body.data : [], loaded: true })
        } catch (e) {
          set({ error: e })
        } finally {
          set({ loading: false })
        }
      },

      /** Runs a change: a list answer replaces the categories (true), a string answer is shown as the alert
       *  (false); a failure shows `failureKey` (false). */
      async change(call, failureKey) {
        try {
          const body = await call()
          if (typeof body?.data === 'string') {
            get().flash(refusalMessage(body.data))
            return false
          }
          set({ categories: Array.isArray(body?.data) ? body.data : get().categories })
          return true
        } catch (e) {
          console.warn('catalogue change failed', e)
          get().flash({ key: failureKey })
          return false
        }
      },

      replace(categories) {
        set({ categories })
      },

      flash(message) {
        clearTimeout(alertTimer)
        set({ message })
        alertTimer = setTimeout(() => set({ message: null }), ALERT_MS)
      },

      selectCategory(category) {
        set({ selectedCategoryId: category ? category._id : null })
      },
    }),
    {
      name: 'catalogue',
      storage: underState,
      partialize: ({ selectedCategoryId }) => ({ selectedCategoryId }),
    },
  ),
)
