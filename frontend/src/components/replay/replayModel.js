/** Pure rules of the replay panel: how far it is, what it counts, how its groups are named. */

export const POLL_MS = 1000
export const UNANSWERED_REASONS = ['intent_not_in_agent', 'below_threshold', 'asks_nothing', 'no_answer', 'link',
  'negative_hidden', 'own_comment']
export const CHANGES = ['new', 'lost', 'changed']

export const isRunning = (replay) => replay?.state === 'running'

/** Percent of the posts read; null while it cannot be told (the number of posts unknown yet, or one post only,
 *  whose comments are not counted before they are read). */
export function progressPercent(progress) {
  const total = progress?.postsTotal
  if (!total || total < 2) return null
  return Math.min(100, Math.round((100 * (progress.postsRead ?? 0)) / total))
}

/** `{key: count}` as [key, count] pairs, largest first. */
export const countEntries = (counts) =>
  Object.entries(counts ?? {}).sort(([a, x], [b, y]) => y - x || a.localeCompare(b))

/** The reasons of the summary in the screen's order (most useful first), those it holds only. */
export const reasonsOf = (summary) =>
  UNANSWERED_REASONS.filter((reason) => (summary?.byReason ?? {})[reason] > 0)

export const hasChanges = (changes) => Boolean(changes) && CHANGES.some((change) => changes[change] > 0)
