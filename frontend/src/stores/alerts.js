/** The selected page's alerts, shared by Home, /notification and the header's bell: the list when a screen loaded
 *  it, and the unread count the bell shows (kept fresh by the bell's polling and by every read). Answers about a
 *  page that is no longer the selected one are dropped. */
import { create } from 'zustand'
import { alertsApi } from '../api/alerts'

const keyOf = (page) => (page ? `${page.platform}:${page.id}` : null)

export const useAlertsStore = create((set, get) => ({
  pageKey: null,
  alerts: [],
  unread: 0,
  state: 'loading',

  async load(page) {
    const pageKey = keyOf(page)
    if (get().pageKey !== pageKey) set({ pageKey, alerts: [], unread: 0, state: 'loading' })
    if (!page) return
    try {
      const { alerts, unread } = await alertsApi.list(page.id, page.platform)
      if (get().pageKey === pageKey) set({ alerts, unread, state: 'ready' })
    } catch (error) {
      console.warn('alerts not loaded', error)
      if (get().pageKey === pageKey) set({ state: 'error' })
    }
  },

  async refreshUnread(page) {
    const pageKey = keyOf(page)
    if (get().pageKey !== pageKey) set({ pageKey, alerts: [], unread: 0, state: 'loading' })
    if (!page) return
    try {
      const { unread } = await alertsApi.unread(page.id, page.platform)
      if (get().pageKey === pageKey) set({ unread })
    } catch (error) {
      console.warn('unread alerts not counted', error)
    }
  },

  async markRead(alertId) {
    const { unread } = await alertsApi.read(alertId)
    set((state) => ({ unread, alerts: state.alerts.map((alert) => (alert.id === alertId ? { ...alert, read: true } : alert)) }))
  },

  async markAllRead(page) {
    await alertsApi.readAll(page.id, page.platform)
    set((state) => ({ unread: 0, alerts: state.alerts.map((alert) => ({ ...alert, read: true })) }))
  },
}))
