/** What became of the invitation token sent with a login (the login answer's `invitation`, spec 000 §4
 *  "Invitation flow"): accepted, used, expired or invalid, said in a toast. */
import { useFeedbackStore } from '../../stores/feedback'

const RESULTS = ['accepted', 'used', 'expired', 'invalid']

export function announceInvitation(result) {
  if (!RESULTS.includes(result)) return
  useFeedbackStore.getState().toast(`pages.team.invitation.${result}`, result === 'accepted' ? 'success' : 'error')
}
