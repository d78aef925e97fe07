/** Calls of the membership blueprint: a page's team and its invitations (spec 000 §4 "Invitation flow", §7).
 *  `pageId` is the page's network id, `platform` facebook or instagram; each answer's body is the payload itself. */
import { client } from './client'

const page = (pageId, platform) => `${encodeURIComponent(pageId)}/${platform}`

export const membershipApi = {
  /** false (no seat left), a list of members of the owner's other teams (the picker), or {tokenPage, link}. */
  generate: (pageId, platform, memberName) =>
    client.get(`/secure/membership/get/${page(pageId, platform)}/${encodeURIComponent(memberName)}`),
  addExistingMember: (pageId, platform, member) =>
    client.post(`/secure/membership/addExistingMember/${page(pageId, platform)}`, {
      idFacebook: member.idFacebook,
      firstName: member.first_name ?? '',
      lastName: member.last_name ?? '',
      role: member.role ?? null,
      idPage: member.idPage ?? null,
    }),
  deleteMember: (pageId, platform, member) =>
    client.post(`/secure/membership/deleteMember/${encodeURIComponent(member.role || 'member')}`, {
      idFacebook: member.idFacebook,
      idPage: pageId,
      typePage: platform,
    }),
  sendMail: (pageId, platform, { email, nameUser, token }) =>
    client.post(`/secure/membership/sendMail/${page(pageId, platform)}`, { email, nameUser, token }),
  listUser: (pageId, platform) => client.get(`/secure/membership/listUser/${page(pageId, platform)}`),
  /** The owner's team administration (issue 42): a member's role (invited_admin or invited_member): the team. */
  changeRole: (pageId, platform, member, role) =>
    client.put(`/secure/membership/role/${page(pageId, platform)}`, { idFacebook: member.idFacebook, role }),
  /** The invitations nobody used yet, open or expired: [{ id, memberName, email, link, expiresAt, expired }]. */
  invitations: (pageId, platform) => client.get(`/secure/membership/invitations/${page(pageId, platform)}`),
  resend: (invitationId) => client.post(`/secure/membership/invitations/resend/${invitationId}`),
  revoke: (invitationId) => client.delete(`/secure/membership/invitations/revoke/${invitationId}`),
}

/** The selected page as the dashboard stores it (spec 000 §3 "Selected page"), read with the spellings the
 *  specification lists: its network id, platform (facebook or instagram) and name; null without an id. */
export function teamPageOf(selected) {
  if (!selected) return null
  const id = selected.id ?? selected.idPage
  if (id === undefined || id === null || id === '') return null
  const raw = String(selected.platform ?? selected.platforme ?? 'facebook').toLowerCase()
  const platform = raw === 'insta' || raw === 'instagram' ? 'instagram' : 'facebook'
  return { id: String(id), platform, name: selected.name ?? selected.namePage ?? '', status: selected.status ?? null }
}
