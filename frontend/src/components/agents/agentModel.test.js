import { describe, expect, it } from 'vitest'
import {
  ACTIVE, DRAFT, NOT_ACTIVE, cutMessage, hasLogs, isGeneric, nextLive, pendingToggle, refusalKey, statusOf,
  visibleAgents,
} from './agentModel'

describe('agent status (spec 001 §4)', () => {
  it('is Active when trained and live, Not Active when trained only, Draft when not trained', () => {
    expect(statusOf({ trained: true, live: true })).toBe(ACTIVE)
    expect(statusOf({ trained: true, live: false })).toBe(NOT_ACTIVE)
    expect(statusOf({ trained: false, live: true })).toBe(DRAFT)
    expect(statusOf({ trained: false, live: false })).toBe(DRAFT)
  })

  it('cycles: a click on Active sends live false, on Not Active live true, on Draft nothing', () => {
    expect(nextLive({ trained: true, live: true })).toBe(false)
    expect(nextLive({ trained: true, live: false })).toBe(true)
    expect(nextLive({ trained: false, live: false })).toBeNull()
    expect(nextLive({ trained: false, live: true })).toBeNull()
  })

  it('the pending modal sends the current live value with pending negated', () => {
    expect(pendingToggle({ live: true, pending: false })).toEqual({ live: true, pending: true })
    expect(pendingToggle({ live: false, pending: true })).toEqual({ live: false, pending: false })
  })

  it('maps the refusal codes to the limit and expiry messages, anything else to none', () => {
    expect(refusalKey({ status: false, code: 'agent_limit' })).toBe('agents.refusal.limit')
    expect(refusalKey({ status: false, code: 'plan_expired' })).toBe('agents.refusal.expired')
    expect(refusalKey({ status: false, code: 'something_new', msg: 'Some text' })).toBeNull()
  })
})

describe('the list (spec 001 §2 "My agents")', () => {
  it('shows only agents with intents, newest createDate first', () => {
    const projects = [
      { _id: 1, intents: [{ name: 'price' }], createDate: '2026-01-02T10:00:00' },
      { _id: 2, intents: [], createDate: '2026-03-01T10:00:00' },
      { _id: 3, intents: [{ name: 'size' }], createDate: '2026-02-01T10:00:00' },
      { _id: 4, createDate: '2026-04-01T10:00:00' },
      { _id: 5, intents: [{ name: 'color' }], createDate: '2026-01-02T11:00:00' },
    ]
    expect(visibleAgents(projects).map((p) => p._id)).toEqual([3, 5, 1])
    expect(visibleAgents(null)).toEqual([])
  })

  it('cuts a message over 12 characters to 40 plus an ellipsis, as specified', () => {
    expect(cutMessage('Short text.')).toBe('Short text.')
    expect(cutMessage('Exactly 12 c')).toBe('Exactly 12 c')
    expect(cutMessage('Thirteen char')).toBe('Thirteen char…')
    const long = 'New summer collection: linen shirts in every colour'
    expect(cutMessage(long)).toBe(`${long.slice(0, 40)}…`)
    expect(cutMessage(null)).toBe('')
  })

  it('knows a generic agent by its post id being the page id, and logs by logs equal to 1', () => {
    expect(isGeneric({ post: { idPage: '42', idPost: '42' } })).toBe(true)
    expect(isGeneric({ post: { idPage: '42', idPost: '42_7' } })).toBe(false)
    expect(hasLogs({ logs: 1 })).toBe(true)
    expect(hasLogs({ logs: 0 })).toBe(false)
  })
})
