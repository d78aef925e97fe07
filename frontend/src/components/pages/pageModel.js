/** The pages' rules of spec 000 §2–§5 and §9 as plain functions: groups, filters, the k format, the 14-character
 *  cut, border colours, the delay payload and the selected page's shape. */
import { collator, numberFormat } from '../../utils/intlFormats'

export const OWNER = 'listPageConnectedOwner'
export const INVITE_ADMIN = 'listPageInviteAdmin'
export const INVITE = 'listPageInvite'
export const OTHER_TEAM = 'listPageConnectedOtherTeam'
export const NOT_CONNECTED = 'listPageNotConnected'
/** The order the groups are shown in (the invited filter: invite-admin entries first, then invite entries). */
export const GROUP_ORDER = [OWNER, INVITE_ADMIN, INVITE, OTHER_TEAM, NOT_CONNECTED]

export const NAME_CUT = 14
export const LOADING_MS = 1500
export const CAROUSEL_FROM = 5
export const DELAY_MODES = ['immediatly', 'Exactly', 'Randomly']

/** 1234 → "1.2k" ("1,2k" in French); 999 and below as they are, in the reader's language's digits. */
export function formatCount(value, language = 'en') {
  const n = Number(value) || 0
  if (n <= 999) return numberFormat(language).format(n)
  const thousands = numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  return `${thousands.format(n / 1000)}k`
}

/** Page names in lists are cut to 14 characters. */
export function cutName(name) {
  const text = name ?? ''
  return text.length > NAME_CUT ? `${text.slice(0, NAME_CUT)}…` : text
}

const BORDERS = { [OWNER]: 'pink', [INVITE]: 'green', [INVITE_ADMIN]: 'blue' }
/** Pink for owner, green for invited, blue for invited admin, grey otherwise. */
export const borderColor = (status) => BORDERS[status] ?? 'gray'

export const isConnected = (page) => [OWNER, INVITE_ADMIN, INVITE].includes(page.status)
export const isSelectable = isConnected

/** The answer's { facebookPages, instaPages } narrowed to a platform ('all', 'facebook', 'instagram'), merged
 *  into one group → pages map. */
export function groupsFor(data, platform) {
  const sources = []
  if (platform !== 'instagram') sources.push(data?.facebookPages)
  if (platform !== 'facebook') sources.push(data?.instaPages)
  const byName = collator(undefined, { sensitivity: 'base' })
  return Object.fromEntries(
    GROUP_ORDER.map((group) => [
      group,
      sources
        .flatMap((source) => source?.[group] ?? [])
        .map((page) => ({ ...page, status: page.status ?? group }))
        .sort((a, b) => byName.compare(a.name ?? '', b.name ?? '')),
    ]),
  )
}

/** The role filter: all groups, the owner's, or the invited ones (invite admin first, then invite). */
export function groupsOfRole(role) {
  if (role === 'owner') return [OWNER]
  if (role === 'invited') return [INVITE_ADMIN, INVITE]
  return GROUP_ORDER
}

/** Minutes and seconds (0..59 each) to milliseconds, and back. */
export const toMs = (minutes, seconds) => (Number(minutes) || 0) * 60000 + (Number(seconds) || 0) * 1000
export const fromMs = (ms) => {
  const total = Math.round((Number(ms) || 0) / 1000)
  return { minutes: Math.min(59, Math.floor(total / 60)), seconds: total % 60 }
}

/** The preferences payload (spec 000 §3). */
export function preferencesPayload(page, settings) {
  const { statut, from, to } = settings.delay
  const time = statut === 'Exactly' ? [toMs(from.minutes, from.seconds)]
    : statut === 'Randomly' ? [toMs(from.minutes, from.seconds), toMs(to.minutes, to.seconds)] : []
  return {
    platforme: page.platform,
    likesComment: settings.likesComment,
    spam: settings.spam,
    hideComment: settings.hideComment,
    keepComplaints: settings.keepComplaints,
    respReplies: { statut, time },
  }
}

/** The stored "Selected page" (spec 000 §3); the page token stays on the server, so accessToken is null. */
export function selectedPageOf(page) {
  return {
    platform: page.platform,
    name: page.name,
    picture_url: page.picture ?? page.imageUrl ?? null,
    id: page.idPage ?? page.id,
    accessToken: null,
    team: page.user ?? [],
    admins: page.admins ?? [],
    status: page.status,
  }
}
