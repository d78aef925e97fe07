/** The owner's changes to the team beyond invitations (issue 42 §4): a member's role (admin or member) and handing
 *  the page over (make owner, spec 000 §5: asked first, refused when the new owner's offer does not allow it). The
 *  team as the server answers it replaces the one shown; after a handover the owner becomes an invited admin. */
import { useState } from 'react'
import { membershipApi } from '../../api/membership'
import { pagesApi } from '../../api/pages'
import { useFeedbackStore } from '../../stores/feedback'
import { useSessionStore } from '../../stores/session'
import { memberName, shortToast } from './teamRules'

export function useTeamAdmin({ pageId, platform }, members) {
  const [changing, setChanging] = useState(null)
  const [owning, setOwning] = useState(null)
  const [handing, setHanding] = useState(false)
  const showAlert = useFeedbackStore((s) => s.showAlert)

  async function changeRole(member, role) {
    if (!role || role === member.role) return
    setChanging(member.idFacebook)
    try {
      members.setValue(await membershipApi.changeRole(pageId, platform, member, role))
      shortToast('teamScreen.roleChanged', { name: memberName(member) })
    } catch (error) {
      console.warn('role not changed', error)
      showAlert('teamScreen.roleFailed')
    } finally {
      setChanging(null)
    }
  }

  async function makeOwner() {
    const member = owning
    setHanding(true)
    try {
      const answer = await pagesApi.makeOwner(platform, pageId, member.idFacebook)
      if (answer !== true) return showAlert('pageCards.disconnect.ownerRefused')
      const { selectedPage, selectPage } = useSessionStore.getState()
      // The selected page is no longer the user's own: the screens offer it as to an invited admin.
      if (selectedPage) selectPage({ ...selectedPage, status: 'listPageInviteAdmin' })
      const values = { name: memberName(member) }
      useFeedbackStore.getState().toast('pageCards.disconnect.ownerDone', 'success', { values })
      members.reload({ quiet: true })
    } catch (error) {
      console.warn('owner not changed', error)
      showAlert('pageCards.disconnect.ownerRefused')
    } finally {
      setOwning(null)
      setHanding(false)
    }
  }

  return { changing, changeRole, owning, askOwner: setOwning, cancelOwner: () => setOwning(null), makeOwner, handing }
}
