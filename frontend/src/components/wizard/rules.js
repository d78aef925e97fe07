/** The wizard's rules of spec 001 §2 "Wizard", §4, §5 and §9 as plain functions: the limits and cuts, the pages and
 *  posts offered, the agent status of a post, the intents' exclusions, the buttons and the personalisation tags. */

import { cleanButton, MAX_BUTTONS, PHONE, TAGS, WEB_URL } from '../../utils/replyRules'

export const STEPS = 4 // 0 to 3 are shown; the state allows 4 (spec 001 §9)
export const RESPONSE_MAX = 640
export const POST_PREVIEW_CUT = 40
export const FINISH_SPINNER_MS = 1500
export const NOT_UNDERSTOOD = "I didn't understand. Sorry !"

export const SPECIFIC = 'default'
export const GENERIC = 'generic'

/** The page statuses the wizard offers (spec 001 §2 step 0, §6). */
export const WIZARD_STATUSES = ['listPageConnectedOwner', 'listPageInviteAdmin', 'listPageInvite']

/** The wizard's page list for a tab ('all', 'facebook', 'instagram') from the connected pages' answer
 *  ({ facebookPages, instaPages }, each grouped by status), each page with its platform and status. */
export function wizardPages(data, tab) {
  const sources = []
  if (tab !== 'instagram') sources.push(['facebook', data?.facebookPages])
  if (tab !== 'facebook') sources.push(['instagram', data?.instaPages])
  return sources.flatMap(([platform, groups]) =>
    WIZARD_STATUSES.flatMap((status) => (groups?.[status] ?? []).map((page) => ({ ...page, platform, status }))),
  )
}

/** Post previews in the table: 40 characters, then an ellipsis. */
export function postPreview(message) {
  const text = message ?? ''
  return text.length > POST_PREVIEW_CUT ? `${text.slice(0, POST_PREVIEW_CUT)}…` : text
}

/** The selected post's message above steps 1 to 3: cut to 16 characters plus an ellipsis when longer than 14. */
export function selectedPostMessage(message) {
  const text = message ?? ''
  return text.length > 14 ? `${text.slice(0, 16)}…` : text
}

export const postIdOf = (post) => String(post?.idPost ?? post?.id ?? '')

// Facebook's status_type and Instagram's media_type, by the word shown for them.
const POST_TYPES = {
  mobile_status_update: 'status', wall_post: 'status', status: 'status', added_photos: 'photo', IMAGE: 'photo',
  added_video: 'video', VIDEO: 'video', REELS: 'video', shared_story: 'link', CAROUSEL_ALBUM: 'album',
  created_event: 'event',
}
/** The post's type as a word of the wizard's texts (status, photo, video, link, album, event or other). */
export const postType = (type) => POST_TYPES[type] ?? 'other'

/** Posts newest first. */
export function newestFirst(posts) {
  return [...(posts ?? [])].sort((a, b) => new Date(b.created_time) - new Date(a.created_time))
}

/** The active-projects answer as a map post id → entry; the text 'project not found' means none. */
export function activeByPost(answer) {
  if (!Array.isArray(answer)) return {}
  return Object.fromEntries(answer.map((entry) => [String(entry?.post?.idPost ?? ''), entry]))
}

/** The agent status shown beside a post (spec 001 §4): null for none (no entry, or an entry without intents),
 *  else 'active', 'notActive' or 'draft'. */
export function agentStatus(entry) {
  const intents = Array.isArray(entry?.intents) ? entry.intents.length : Number(entry?.intents) || 0
  if (!entry || intents === 0) return null
  if (entry.trained && entry.live) return 'active'
  if (entry.trained) return 'notActive'
  return 'draft'
}

/** A post that already has an agent cannot be chosen again. */
export const hasAgent = (entry) => agentStatus(entry) !== null

/** The intent's key (price): a project's intent has it as `key` (its `name` is the label), the catalogue as `name`. */
export const intentKey = (intent) => (intent?.key ?? intent?.name ?? intent?.intent ?? '').toLowerCase()

/** The label in the reader's language: the catalogue's intent / intent_fr, a project's name / name_fr. */
export const intentLabel = (intent, language) =>
  (language === 'fr' ? intent?.intent_fr ?? intent?.name_fr : null) ?? intent?.intent ?? intent?.name ?? ''

const isNamed = (intent, word) => intentKey(intent) === word || (intent?.intent ?? '').toLowerCase() === word
export const isQuiz = (intent) => isNamed(intent, 'quiz')
export const isPrice = (intent) => isNamed(intent, 'price')

/** Quiz excludes every other intent and any other intent excludes Quiz; both free again when none is chosen. */
export function exclusions(chosen) {
  const list = chosen ?? []
  return { disableQuiz: list.some((intent) => !isQuiz(intent)), disableIntents: list.some(isQuiz) }
}

/** Why an intent of the catalogue cannot be picked now, as a message key, or null. */
export function intentRefusal(intent, chosen, whiteSet) {
  const { disableQuiz, disableIntents } = exclusions(chosen)
  if ((chosen ?? []).some((c) => intentKey(c) === intentKey(intent))) return 'wizard.errors.alreadySelected'
  if (isPrice(intent) && !whiteSet) return 'wizard.errors.priceDisabled'
  if (isQuiz(intent) ? disableQuiz : disableIntents) return 'wizard.errors.quizExclusive'
  return null
}

/** Characters left of a response. */
export const remaining = (text, max = RESPONSE_MAX) => max - (text ?? '').length

/** A new button: web_url by default (spec 001 §5). */
export function newButton(type = WEB_URL) {
  return type === PHONE ? { type: PHONE, title: '', payload: '' } : { type: WEB_URL, title: '', url: '', webview_height_ratio: 'tall' }
}

/** The button with another type, keeping its title. */
export function withType(button, type) {
  return { ...newButton(type), title: button.title }
}

/** Buttons are offered on Facebook only, at most 3. */
export const canAddButton = (buttons, platform) => platform !== 'instagram' && (buttons?.length ?? 0) < MAX_BUTTONS

/** Buttons as they are sent (written as the server saves them), none on Instagram. */
export function cleanButtons(buttons, platform) {
  return platform === 'instagram' ? [] : (buttons ?? []).map(cleanButton)
}

/** Whether two lists are the same buttons once sent (the server answers their keys in another order). */
export const sameButtons = (a, b) => JSON.stringify((a ?? []).map(cleanButton)) === JSON.stringify((b ?? []).map(cleanButton))

/** First and last name tags are offered on Facebook only. */
export const tagsFor = (platform) => (platform === 'instagram' ? TAGS.slice(2) : TAGS)

/** The text with `tag` in place of the selection [start, end), and where the cursor goes after it; a tag that
 *  would pass the limit is not inserted. */
export function insertTag(text, start, end, tag, max = RESPONSE_MAX) {
  const value = text ?? ''
  const from = Math.max(0, Math.min(start ?? value.length, value.length))
  const to = Math.max(from, Math.min(end ?? from, value.length))
  const next = value.slice(0, from) + tag + value.slice(to)
  if (next.length > max) return { text: value, cursor: to, refused: true }
  return { text: next, cursor: from + tag.length, refused: false }
}

/** The simulator's replies from the test answer (a list of { response: { text, buttons }, commentLanguage,
 *  answerLanguage, why }): an empty text or no match reads "I didn't understand. Sorry !" (shown in the reader's
 *  language: `notUnderstood`), with the why the server gave alone when it gave one. */
export function simulatorReplies(answer) {
  const list = Array.isArray(answer) ? answer : Array.isArray(answer?.data) ? answer.data : []
  const replies = list
    .map((item) => ({ item, response: item?.response ?? item }))
    .filter(({ response }) => response && (response.text ?? '').trim())
    .map(({ item, response }) => ({ text: response.text, buttons: response.buttons ?? [],
      commentLanguage: item?.commentLanguage, answerLanguage: item?.answerLanguage, why: item?.why }))
  if (replies.length) return replies
  return [{ text: NOT_UNDERSTOOD, buttons: [], notUnderstood: true, why: list.find((item) => item?.why)?.why }]
}

/** The body of POST /project/add (spec 001 §7): a generic agent's post is the page itself. */
export function projectPost(page, post, intentType) {
  const generic = intentType === GENERIC
  return {
    idPage: String(page.idPage ?? page.id),
    name: page.name,
    typePage: page.platform,
    idPost: generic ? String(page.idPage ?? page.id) : postIdOf(post),
    picture: generic ? page.picture ?? page.imageUrl ?? null : post?.picture ?? post?.full_picture ?? post?.media_url ?? null,
    message: generic ? '' : post?.message ?? '',
    status: generic ? 'Published' : post?.status ?? 'Published',
    published: generic ? true : post?.published ?? true,
  }
}
