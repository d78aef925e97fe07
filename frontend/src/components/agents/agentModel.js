/** The rules of the My agents list (spec 001 §2 "My agents", §4 "Agent status", §9): which agents are shown and in
 *  which order, the status derived from trained and live, what a click on it asks for, and the text cuts. */

export const ACTIVE = 'active'
export const NOT_ACTIVE = 'notActive'
export const DRAFT = 'draft'

export const MESSAGE_CUT_FROM = 12
export const MESSAGE_CUT = 40

/** Active (trained and live), Not Active (trained, not live) or Draft (not trained). */
export function statusOf(project) {
  if (!project?.trained) return DRAFT
  return project.live ? ACTIVE : NOT_ACTIVE
}

/** The live value a click on the status button sends, or null for a draft (a click does nothing). */
export function nextLive(project) {
  return statusOf(project) === DRAFT ? null : !project.live
}

/** The yes/no modal's answer for the pending icon: the current live value with the pending flag negated. */
export const pendingToggle = (project) => ({ live: Boolean(project.live), pending: !project.pending })

const time = (value) => {
  const parsed = Date.parse(value ?? '')
  return Number.isNaN(parsed) ? 0 : parsed
}

/** Only agents with intents, newest createDate first. */
export function visibleAgents(projects) {
  return (Array.isArray(projects) ? projects : [])
    .filter((project) => Array.isArray(project?.intents) && project.intents.length > 0)
    .sort((a, b) => time(b.createDate) - time(a.createDate))
}

/** As specified: a message longer than 12 characters shows its first 40 and an ellipsis. */
export function cutMessage(text) {
  const message = text ?? ''
  return message.length > MESSAGE_CUT_FROM ? `${message.slice(0, MESSAGE_CUT)}…` : message
}

/** A post whose idPost is the page's id is the page's generic agent. */
export function isGeneric(project) {
  const post = project?.post ?? {}
  return Boolean(post.idPost) && String(post.idPost) === String(post.idPage)
}

/** The post's publication date, or its scheduled one; null when neither is known. */
export function postDate(project) {
  const post = project?.post ?? {}
  return post.published || post.created_time || null
}

/** Comments can be read when the agent has logs (logs equals 1). */
export const hasLogs = (project) => Number(project?.logs) === 1

/** The refusals the server answers with `{status: false, msg, code}` (spec 001 §8): the translation key of its code;
 *  an unknown code falls back to the msg, which is the English text. */
const REFUSALS = {
  agent_limit: 'agents.refusal.limit',
  plan_expired: 'agents.refusal.expired',
  no_intents: 'agents.refusal.noIntents',
}

export const refusalKey = (answer) => REFUSALS[answer?.code] ?? null
