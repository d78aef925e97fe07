/** The team screen's state and calls (spec 000 §4 "Invitation flow", §5 "Team", §6): the members of the selected
 *  page as loaded, who may manage them, the invitation (useInvitation), the removal of a member (useRemoval), the
 *  owner's role changes and handover (useTeamAdmin) and the invitations nobody used yet (usePendingInvitations). */
import { useCallback } from 'react'
import { membershipApi } from '../../api/membership'
import { useLoaded } from '../../hooks/useLoaded'
import { isOwner } from './teamRules'
import { useInvitation } from './useInvitation'
import { usePendingInvitations } from './usePendingInvitations'
import { useRemoval } from './useRemoval'
import { useTeamAdmin } from './useTeamAdmin'

const OTHER_TEAM = 'listPageConnectedOtherTeam'
const OWNER_STATUS = 'listPageConnectedOwner'
// The server's answer to someone outside the team: the screen says cannotSee rather than a load error.
const HIDDEN_STATUSES = [403, 404]

export function useTeam(teamPage, user) {
  const pageId = teamPage?.id
  const platform = teamPage?.platform
  const otherTeam = teamPage?.status === OTHER_TEAM
  const members = useLoaded(useCallback(
    () => (pageId && !otherTeam
      ? membershipApi.listUser(pageId, platform).then((team) => (Array.isArray(team) ? team : []))
      : null),
    [pageId, platform, otherTeam],
  ))
  const where = { pageId, platform }
  const owner = (members.value ?? []).find(isOwner)
  // Until the team is read, the page's status says whether the user owns it.
  const canManage = owner ? owner.idFacebook === user?.idFacebook : teamPage?.status === OWNER_STATUS
  const pending = usePendingInvitations(where, canManage)
  // A new invitation, or one mailed, shows in the invitations waiting.
  const invited = () => pending.list.reload({ quiet: true })

  return {
    members,
    cannotSee: otherTeam || (members.state === 'error' && HIDDEN_STATUSES.includes(members.error?.status)),
    canManage,
    invitation: useInvitation(where, members.setValue, invited),
    removal: useRemoval(where, members.setValue),
    admin: useTeamAdmin(where, members),
    pending,
  }
}
