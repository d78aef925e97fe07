/** The rules of the agent messages' comment list (spec 001 §2 "Agent messages", §4 "Comments", §7 "Comments"):
 *  the logs split into matched and not matched (each newest first), the search of each tab, the score slider with
 *  its defaults and reset values, and what a comment's answer state is. */

export const MATCHED = 'matched'
export const NOT_MATCHED = 'notMatched'

/** The slider's values when the screen opens, and after Reset (the specification gives 81, not 80, there). */
export const SLIDER_DEFAULTS = { [MATCHED]: [18, 82], [NOT_MATCHED]: [10, 80] }
export const SLIDER_RESETS = { [MATCHED]: [18, 82], [NOT_MATCHED]: [10, 81] }

const intentsOf = (log) => (Array.isArray(log?.intent) ? log.intent : Array.isArray(log?.intents) ? log.intents : [])

/** The distinct intent names of some logs, in order of first appearance. */
export function intentNames(logs) {
  const names = new Set()
  for (const log of logs) for (const item of intentsOf(log)) if (item?.intent) names.add(item.intent)
  return [...names]
}

/** The logs as the server lists them (oldest first), split by success, each tab newest first. */
export function splitLogs(logs) {
  const all = Array.isArray(logs) ? logs : []
  const matched = all.filter((log) => log?.success).reverse()
  const notMatched = all.filter((log) => !log?.success).reverse()
  return { matched, notMatched, matchedIntents: intentNames(matched), notMatchedIntents: intentNames(notMatched) }
}

/** A comment's score as a whole percentage: its best intent's score (0..1), rounded; null when it has none. */
export function scorePercent(log) {
  const scores = intentsOf(log).map((item) => Number(item?.score)).filter((score) => Number.isFinite(score))
  if (scores.length === 0) return null
  const best = Math.max(...scores)
  return Math.round(best <= 1 ? best * 100 : best)
}

/** Above the low bound and up to the high bound. */
export const inRange = (percent, [low, high]) => percent > low && percent <= high

export function commenterName(publisher) {
  if (!publisher) return ''
  const full = [publisher.first_name, publisher.last_name].filter(Boolean).join(' ')
  return publisher.name || full || publisher.username || ''
}

const contains = (text, query) => (text ?? '').toLowerCase().includes(query)

/** Matched comments are searched by commenter name, not matched ones by message text, case-insensitively. */
export function searchLogs(logs, tab, query) {
  const wanted = (query ?? '').trim().toLowerCase()
  if (!wanted) return logs
  return logs.filter((log) => contains(tab === MATCHED ? commenterName(log.publisher) : log.message, wanted))
}

/** A comment the matcher gave no score at all (nothing recognised) is not hidden by the score slider: the slider
 *  filters scores, and such a comment still waits for a manual answer. */
export function withinScores(logs, range) {
  return logs.filter((log) => {
    const percent = scorePercent(log)
    return percent === null || inRange(percent, range)
  })
}

/** The list a tab shows: searched, filtered by score and, when one is chosen, by intent. */
export function visibleComments(logs, tab, { query = '', range = SLIDER_DEFAULTS[tab], intent = null } = {}) {
  const searched = withinScores(searchLogs(logs, tab, query), range)
  return intent ? searched.filter((log) => intentsOf(log).some((item) => item?.intent === intent)) : searched
}

export const logKey = (log) => String(log?._id ?? log?.comment_id ?? '')

/** The logs with `incoming` merged in: a known one replaced where it stands, a new one added at the end
 *  (the server's order is oldest first). */
export function mergeLogs(logs, incoming) {
  const merged = [...(logs ?? [])]
  const where = new Map(merged.map((log, index) => [logKey(log), index]))
  for (const log of incoming ?? []) {
    const key = logKey(log)
    if (where.has(key)) merged[where.get(key)] = log
    else {
      where.set(key, merged.length)
      merged.push(log)
    }
  }
  return merged
}

const manualOf = (log) => (Array.isArray(log?.manuelAnswer) ? log.manuelAnswer : [])

// The why's reasons for a comment that needs no answer: praise, thanks or a tag, and the page's own comment.
const NOTHING_TO_ANSWER = ['asks_nothing', 'own_comment']

/** treated (answered by the agent), sent (answered by hand), failed (the last manual answer was refused by the
 *  network), nothingToAnswer (not answered, and its why says it asks nothing) or untreated; the server's `state`
 *  when it says, else read from the log. */
export function answerState(log) {
  const state = storedState(log)
  return state === 'untreated' && NOTHING_TO_ANSWER.includes(log?.why?.reason) ? 'nothingToAnswer' : state
}

function storedState(log) {
  const last = manualOf(log).at(-1)
  if (last && (last.status === 'failed' || (last.error && !last.message_id))) return 'failed'
  if (['treated', 'sent', 'untreated'].includes(log?.state)) return log.state
  if (log?.success && log?.treated) return 'treated'
  return last || log?.treated ? 'sent' : 'untreated'
}

/** The best intent of a comment (name and score), or null. */
export function bestIntent(log) {
  const items = intentsOf(log).filter((item) => item?.intent)
  if (items.length === 0) return null
  return items.reduce((best, item) => (Number(item.score) > Number(best.score) ? item : best))
}

export { intentsOf, manualOf }

/** The personalisation tags of a manual answer filled in from the comment's author and the page (the agent's
 *  answers are filled by the pipeline; a manual one is sent as written, so the screen fills it). */
export function fillTags(text, publisher, pageName) {
  const first = publisher?.first_name ?? ''
  const last = publisher?.last_name ?? ''
  const full = [first, last].filter(Boolean).join(' ') || publisher?.name || publisher?.username || ''
  return text
    .replaceAll('##FIRST_NAME##', first || full)
    .replaceAll('##LAST_NAME##', last)
    .replaceAll('##FULL_NAME##', full)
    .replaceAll('##PAGE_NAME##', pageName ?? '')
}
