/** The catch-all /{tokenMembership} (spec 000 §2, §4 "Invitation flow"): keeps the invitation token for the next
 *  login, which sends it as tokenMemberShip (the login then says what became of it: accepted, used, expired or
 *  invalid). A visitor sees the landing page under a notice asking to sign in; a signed-in user is told to sign
 *  in again with the link (the landing page sends them on to the dashboard). */
import { Alert, Box, Button, Group, Text } from '@mantine/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { useLogin } from '../../hooks/useLogin'
import { useFeedbackStore } from '../../stores/feedback'
import { isSignedIn, useSessionStore } from '../../stores/session'
import LandingPage from '../Landing'

const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{8,512}$/

export default function MembershipPage() {
  const { t } = useTranslation()
  const { tokenMembership } = useParams()
  const keepInvitation = useSessionStore((s) => s.keepInvitation)
  const signedIn = useSessionStore(isSignedIn)
  const toast = useFeedbackStore((s) => s.toast)
  const { startLogin, starting } = useLogin()
  const invited = TOKEN_PATTERN.test(tokenMembership)

  useEffect(() => {
    if (!invited) return
    keepInvitation(tokenMembership)
    if (signedIn) toast('pages.team.invitation.signedIn')
    // Said once per link opened, not again when the session changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tokenMembership, invited, keepInvitation])

  return (
    <>
      {invited && !signedIn && (
        <Box px="lg" pt="md" maw={860} w="100%" mx="auto">
          <Alert color="green" variant="light" className="membership__invited" role="status">
            <Group justify="space-between" gap="sm">
              <Text size="sm" style={{ flex: '1 1 220px' }}>{t('pages.team.invitation.pending')}</Text>
              <Button size="xs" onClick={startLogin} loading={starting}>{t('common.login')}</Button>
            </Group>
          </Alert>
        </Box>
      )}
      <LandingPage />
    </>
  )
}
