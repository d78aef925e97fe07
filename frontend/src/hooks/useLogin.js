/** The Login / Sign up action: fetch the public config, then send the browser to the login dialog. */
import { useState } from 'react'
import { authApi } from '../api/auth'
import { useFeedbackStore } from '../stores/feedback'
import { buildLoginUrl, rememberLoginState } from '../utils/loginDialog'

export function useLogin() {
  const [starting, setStarting] = useState(false)
  const showAlert = useFeedbackStore((s) => s.showAlert)

  async function startLogin() {
    setStarting(true)
    try {
      const config = await authApi.config()
      window.location.assign(buildLoginUrl(config, window.location.origin, rememberLoginState()))
    } catch (e) {
      console.warn('login config unavailable', e)
      showAlert('api.loginError')
      setStarting(false)
    }
  }

  return { startLogin, starting }
}
