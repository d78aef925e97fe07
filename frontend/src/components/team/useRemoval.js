/** Removing a member of the team (spec 000 §5 "Team"): asked first (never the owner), the member's button busy
 *  while it runs, a failure kept with a Retry; the team as the server answers it replaces the one shown. */
import { useState } from 'react'
import { membershipApi } from '../../api/membership'
import { useFeedbackStore } from '../../stores/feedback'
import { isOwner, memberName, shortToast } from './teamRules'

export function useRemoval({ pageId, platform }, setMembers) {
  const [asked, setAsked] = useState(null)
  const [removing, setRemoving] = useState(null)
  const [failed, setFailed] = useState(null)
  const showAlert = useFeedbackStore((s) => s.showAlert)

  function ask(member) {
    if (isOwner(member)) return showAlert('pages.team.cannotDeleteOwner')
    setAsked(member)
  }

  async function remove(member) {
    setAsked(null)
    setRemoving(member.idFacebook)
    setFailed(null)
    try {
      setMembers(await membershipApi.deleteMember(pageId, platform, member))
      shortToast('pages.team.memberRemoved', { name: memberName(member) })
    } catch (error) {
      if (error.code === 'cannotDeleteOwner') showAlert('pages.team.cannotDeleteOwner')
      else setFailed(member)
    } finally {
      setRemoving(null)
    }
  }

  return { asked, ask, cancel: () => setAsked(null), remove, removing, failed }
}
