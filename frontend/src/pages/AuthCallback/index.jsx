/** /auth/callback: the login dialog's answer. Checks `state`, exchanges the access token for our JWT,
 *  then goes to the dashboard; any failure shows the login error and goes back to /. */
import { Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import Spinner from '../../components/feedback/Spinner'
import Page from '../../components/layout/Page'
import { useFeedbackStore } from '../../stores/feedback'
import { useSessionStore } from '../../stores/session'
import { readLoginAnswer } from '../../utils/loginDialog'

export default function AuthCallbackPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const login = useSessionStore((s) => s.login)
  const showAlert = useFeedbackStore((s) => s.showAlert)
  // The answer is single-use; StrictMode runs effects twice in development.
  const handled = useRef(false)

  useEffect(() => {
    if (handled.current) return
    handled.current = true
    const { accessToken } = readLoginAnswer(window.location.hash)
    const signIn = accessToken ? login(accessToken) : Promise.resolve(false)
    signIn.then((ok) => {
      if (ok) return navigate('/home/dashboard', { replace: true })
      navigate('/', { replace: true })
      showAlert('api.loginError')
    })
  }, [login, navigate, showAlert])

  return (
    <Page>
      <Title order={1}>{t('pages.authCallback.title')}</Title>
      <Spinner />
    </Page>
  )
}
