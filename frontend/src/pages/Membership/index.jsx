/** The catch-all /{tokenMembership}: keeps the invitation token for the next login, then shows the
 *  landing page (or the app when signed in). */
import { useEffect } from 'react'
import { useParams } from 'react-router-dom'
import { useSessionStore } from '../../stores/session'
import LandingPage from '../Landing'

const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{8,512}$/

export default function MembershipPage() {
  const { tokenMembership } = useParams()
  const keepInvitation = useSessionStore((s) => s.keepInvitation)

  useEffect(() => {
    if (TOKEN_PATTERN.test(tokenMembership)) keepInvitation(tokenMembership)
  }, [tokenMembership, keepInvitation])

  return <LandingPage />
}
