/** The plan-expiry rules (spec 000 §4 "Plan-expiry notices", §9): driven by the days left until the plan's
 *  expiry date, only for plans whose type is not Free Trial, and skipped once `hasvisited` is stored.
 *  - more than 0 days left: a toast showing them;
 *  - 0 to 3 days left: a renewal notification (also listed on /notification);
 *  - below 0: an upgrade notice;
 *  - on the dashboard, when the plan ends within 3 days: an error alert with the expiry date. */
export const HAS_VISITED_KEY = 'hasvisited'
export const FREE_TRIAL = 'Free Trial'
export const RENEWAL_DAYS = 3
const DAY_MS = 24 * 60 * 60 * 1000

function dayNumber(date) {
  return Math.floor(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS)
}

function expiryOf(pack) {
  if (!pack?.expyriedate) return null
  const date = new Date(pack.expyriedate)
  return Number.isNaN(date.getTime()) ? null : date
}

/** Whole calendar days from today to the expiry day (0 = it ends today, -1 = it ended yesterday), or null. */
export function daysRemaining(pack, now = new Date()) {
  const expiry = expiryOf(pack)
  return expiry ? dayNumber(expiry) - dayNumber(now) : null
}

/** Whether a plan takes part in the notices at all. */
export function isWatched(pack) {
  return Boolean(pack) && pack.type !== FREE_TRIAL && expiryOf(pack) !== null
}

/** The standing notices of a plan, regardless of `hasvisited` (the /notification page lists them). */
export function standingNotices(pack, now = new Date()) {
  if (!isWatched(pack)) return []
  const days = daysRemaining(pack, now)
  if (days < 0) return [{ kind: 'upgrade', days, date: expiryOf(pack) }]
  if (days <= RENEWAL_DAYS) return [{ kind: 'renewal', days, date: expiryOf(pack) }]
  return []
}

/** The notices to show on this visit: none once `hasvisited` is stored. */
export function visitNotices({ pack, now = new Date(), hasVisited = false, onDashboard = false }) {
  if (hasVisited || !isWatched(pack)) return []
  const days = daysRemaining(pack, now)
  const date = expiryOf(pack)
  const notices = []
  if (days > 0) notices.push({ kind: 'toast', days, date })
  notices.push(...standingNotices(pack, now))
  if (onDashboard && days >= 0 && days <= RENEWAL_DAYS) notices.push({ kind: 'dashboardWarning', days, date })
  return notices
}

export function readHasVisited() {
  try {
    return localStorage.getItem(HAS_VISITED_KEY) !== null
  } catch (e) {
    console.warn('hasvisited unreadable', e)
    return false
  }
}

export function writeHasVisited() {
  try {
    localStorage.setItem(HAS_VISITED_KEY, 'true')
  } catch (e) {
    console.warn('hasvisited not saved', e)
  }
}
