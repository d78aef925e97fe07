/** Calls of the home blueprint: a page's day (Home) and its alerts (Home, /notification and the bell). */
import { client } from './client'

const page = (pageId, platform) => `${encodeURIComponent(pageId)}/${platform}`

export const homeApi = {
  /** Today from the reader's midnight: the browser's offset from UTC says where that is. */
  summary: (pageId, platform, now = new Date()) =>
    client.get(`/secure/home/summary/${page(pageId, platform)}`, { params: { tzOffset: now.getTimezoneOffset() } }),
}

export const alertsApi = {
  list: (pageId, platform) => client.get(`/secure/alerts/get/${page(pageId, platform)}`),
  unread: (pageId, platform) => client.get(`/secure/alerts/unread/${page(pageId, platform)}`),
  read: (alertId) => client.put(`/secure/alerts/read/${alertId}`),
  readAll: (pageId, platform) => client.put(`/secure/alerts/readAll/${page(pageId, platform)}`),
}
