/** Calls of the dashboard blueprint (spec 001 §7): the five most requested intents (the body is the list) and the
 *  posts' performance (data.data is the list). The posts path keeps the original client's token segment, which the
 *  server ignores: the page token never reaches the browser, so a placeholder stands in its place. */
import { client } from './client'

const BASE = '/secure/logEvent/dashbord'
export const TOKEN_PLACEHOLDER = 'server-side'

export const dashboardApi = {
  intents: (pageId, platform, period) =>
    client.get(`${BASE}/intent/${encodeURIComponent(pageId)}/${platform}/${period}`),
  posts: async (pageId, platform, period) => {
    const body = await client.get(`${BASE}/post/${encodeURIComponent(pageId)}/${TOKEN_PLACEHOLDER}/${platform}/${period}`)
    return body?.data ?? []
  },
}
