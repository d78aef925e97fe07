/** The team screen's constants and small rules (spec 000 §4 "Invitation flow", §5 "Team", §9). */
import { useFeedbackStore } from '../../stores/feedback'

export const OWNER = 'owner'
export const MEMBER_NAME_MIN = 3
export const LINK_SHOWN_CHARS = 33
export const INVITE_MODAL_DELAY_MS = 1000
export const COPIED_MS = 1500
export const INVITE_TOAST_MS = 2500
// spec 000 §5: "a simple address pattern" (the server's own check is the same ASCII pattern).
const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$/

export const isOwner = (member) => member?.role === OWNER
export const validMemberName = (name) => name.trim().replace(/\s+/g, ' ').length >= MEMBER_NAME_MIN
export const validInvitation = (email, name) => EMAIL_PATTERN.test(email.trim()) && name.trim().length > 0

/** The link as the invite modal shows it: its first 33 characters, then an ellipsis. */
export const shownLink = (link) => (link.length > LINK_SHOWN_CHARS ? `${link.slice(0, LINK_SHOWN_CHARS)}…` : link)

export function memberName(member) {
  const name = member.name || `${member.first_name ?? ''} ${member.last_name ?? ''}`.trim()
  return name || member.idFacebook
}

export const ROLE_COLORS = { owner: 'pink', invited_admin: 'blue', invited_member: 'green' }

/** A success toast that goes after 2.5 s (the invitation's, spec 000 §9), translated while shown. */
export function shortToast(messageKey, values) {
  useFeedbackStore.getState().toast(messageKey, 'success', { values, autoClose: INVITE_TOAST_MS })
}
