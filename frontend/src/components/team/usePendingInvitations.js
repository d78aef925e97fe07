/** The owner's invitations nobody has used yet (issue 42 §4): loaded with the team, mailed again (valid 24 hours
 *  from then) or revoked after a confirmation; reloaded after each new invitation. */
import { useCallback, useState } from 'react'
import { membershipApi } from '../../api/membership'
import { useLoaded } from '../../hooks/useLoaded'
import { useFeedbackStore } from '../../stores/feedback'
import { shortToast } from './teamRules'

// The server's refusals with a message of their own; any other failure says the action failed.
const REFUSALS = { errorOffer: 'pages.team.errorOffer', neverMailed: 'teamScreen.pending.neverMailed' }

export function usePendingInvitations({ pageId, platform }, canManage) {
  const list = useLoaded(useCallback(
    () => (pageId && canManage ? membershipApi.invitations(pageId, platform) : null),
    [pageId, platform, canManage],
  ))
  const [busy, setBusy] = useState(null)
  const [revoking, setRevoking] = useState(null)
  const showAlert = useFeedbackStore((s) => s.showAlert)

  async function resend(invitation) {
    setBusy(invitation.id)
    try {
      const renewed = await membershipApi.resend(invitation.id)
      list.setValue((list.value ?? []).map((item) => (item.id === renewed.id ? renewed : item)))
      shortToast('pages.team.invitSent')
    } catch (error) {
      showAlert(REFUSALS[error?.code] ?? 'teamScreen.pending.resendFailed')
    } finally {
      setBusy(null)
    }
  }

  async function revoke() {
    const invitation = revoking
    setRevoking(null)
    setBusy(invitation.id)
    try {
      list.setValue(await membershipApi.revoke(invitation.id))
      shortToast('teamScreen.pending.revoked', { name: invitation.memberName })
    } catch (error) {
      console.warn('invitation not revoked', error)
      showAlert('teamScreen.pending.revokeFailed')
    } finally {
      setBusy(null)
    }
  }

  return { list, busy, resend, revoking, askRevoke: setRevoking, cancelRevoke: () => setRevoking(null), revoke }
}
