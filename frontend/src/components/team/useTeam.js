/** The team screen's state and calls (spec 000 §4 "Invitation flow", §5 "Team", §6): the members of the selected
 *  page as loaded, who may manage them, the invitation (useInvitation) and the removal of a member (useRemoval). */
import { useCallback } from 'react'
import { membershipApi } from '../../api/membership'
import { useLoaded } from '../../hooks/useLoaded'
import { isOwner } from './teamRules'
import { useInvitation } from './useInvitation'
import { useRemoval } from './useRemoval'

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

  return {
    members,
    cannotSee: otherTeam || (members.state === 'error' && HIDDEN_STATUSES.includes(members.error?.status)),
    // Until the team is read, the page's status says whether the user owns it.
    canManage: owner ? owner.idFacebook === user?.idFacebook : teamPage?.status === OWNER_STATUS,
    invitation: useInvitation(where, members.setValue),
    removal: useRemoval(where, members.setValue),
  }
}
