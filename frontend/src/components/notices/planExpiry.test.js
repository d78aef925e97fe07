import { describe, expect, it } from 'vitest'
import { daysRemaining, HAS_VISITED_KEY, readHasVisited, standingNotices, visitNotices, writeHasVisited } from './planExpiry'

const NOW = new Date(2026, 10, 23, 13, 0) // 23 November 2026, 13:00 local
const inDays = (n, hour = 9) => new Date(2026, 10, 23 + n, hour, 0).toISOString()
const plan = (n, type = 'Pro') => ({ name: 'Pro', type, expyriedate: inDays(n) })
const kinds = (notices) => notices.map((n) => n.kind)

describe('plan-expiry notices (spec 000 §4)', () => {
  it('counts whole calendar days to the expiry date', () => {
    expect(daysRemaining(plan(10), NOW)).toBe(10)
    expect(daysRemaining(plan(0), NOW)).toBe(0)
    expect(daysRemaining({ expyriedate: inDays(1, 0) }, NOW)).toBe(1)
    expect(daysRemaining(plan(-2), NOW)).toBe(-2)
    expect(daysRemaining({ expyriedate: 'soon' }, NOW)).toBeNull()
  })

  it('more than 3 days left: only the toast of the days left', () => {
    const notices = visitNotices({ pack: plan(10), now: NOW, onDashboard: true })
    expect(kinds(notices)).toEqual(['toast'])
    expect(notices[0].days).toBe(10)
  })

  it('1 to 3 days left: the toast, the renewal notification and, on the dashboard, the warning', () => {
    for (const days of [1, 2, 3]) {
      expect(kinds(visitNotices({ pack: plan(days), now: NOW, onDashboard: true })))
        .toEqual(['toast', 'renewal', 'dashboardWarning'])
      expect(kinds(visitNotices({ pack: plan(days), now: NOW }))).toEqual(['toast', 'renewal'])
    }
  })

  it('0 days left: the renewal notification (no days toast) and the dashboard warning', () => {
    expect(kinds(visitNotices({ pack: plan(0), now: NOW, onDashboard: true }))).toEqual(['renewal', 'dashboardWarning'])
  })

  it('expired: the upgrade notice only', () => {
    expect(kinds(visitNotices({ pack: plan(-1), now: NOW, onDashboard: true }))).toEqual(['upgrade'])
  })

  it('nothing for a Free Trial, no plan, or once hasvisited is stored', () => {
    expect(visitNotices({ pack: plan(2, 'Free Trial'), now: NOW, onDashboard: true })).toEqual([])
    expect(visitNotices({ pack: null, now: NOW })).toEqual([])
    expect(visitNotices({ pack: plan(2), now: NOW, hasVisited: true, onDashboard: true })).toEqual([])
  })

  it('the /notification page keeps the renewal or upgrade notice whatever hasvisited says', () => {
    expect(kinds(standingNotices(plan(3), NOW))).toEqual(['renewal'])
    expect(kinds(standingNotices(plan(4), NOW))).toEqual([])
    expect(kinds(standingNotices(plan(-5), NOW))).toEqual(['upgrade'])
    expect(standingNotices(plan(-5, 'Free Trial'), NOW)).toEqual([])
  })

  it('hasvisited is stored once, under its key', () => {
    expect(readHasVisited()).toBe(false)
    writeHasVisited()
    expect(localStorage.getItem(HAS_VISITED_KEY)).not.toBeNull()
    expect(readHasVisited()).toBe(true)
  })
})
