/** The one HTTP client: base URL, Bearer JWT from the session store, bodies unwrapped,
 *  errors turned into ApiError, and a 401 answer signs the user out. */
import axios from 'axios'
import { useFeedbackStore } from '../stores/feedback'
import { useSessionStore } from '../stores/session'
import { toApiError } from './errors'

export const client = axios.create({
  baseURL: '/api/v1',
  headers: { 'Content-Type': 'application/json' },
})

client.interceptors.request.use((config) => {
  const { token } = useSessionStore.getState()
  if (token) config.headers.Authorization = `Bearer ${token}`
  return config
})

client.interceptors.response.use(
  (response) => response.data,
  (error) => {
    const session = useSessionStore.getState()
    if (error.response?.status === 401 && session.token) {
      session.expire()
      useFeedbackStore.getState().toast('api.sessionExpired', 'error')
    }
    return Promise.reject(toApiError(error))
  },
)
