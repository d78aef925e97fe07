/** The one HTTP client: base URL, Bearer JWT of the signed-in session, bodies unwrapped, errors turned into
 *  ApiError, and a 401 answer ends the session. The client imports no store: the session store attaches itself
 *  (attachSession) when it loads, so that stores may call the API without an import circle. */
import axios from 'axios'
import { toApiError } from './errors'

export const client = axios.create({
  baseURL: '/api/v1',
  headers: { 'Content-Type': 'application/json' },
})

// Signed out until the session store attaches: no token, nothing to end.
let session = { token: () => null, expire: () => {} }

/** `token()` gives the session's JWT (or null); `expire()` ends the session after a 401 answer. */
export function attachSession(hooks) {
  session = hooks
}

client.interceptors.request.use((config) => {
  const token = session.token()
  if (token) config.headers.Authorization = `Bearer ${token}`
  return config
})

client.interceptors.response.use(
  (response) => response.data,
  (error) => {
    if (error.response?.status === 401 && session.token()) session.expire()
    return Promise.reject(toApiError(error))
  },
)
