import { describe, expect, it } from 'vitest'
import {
  MATCHED, NOT_MATCHED, SLIDER_DEFAULTS, SLIDER_RESETS, answerState, fillTags, inRange, mergeLogs, scorePercent, searchLogs,
  splitLogs, visibleComments,
} from './commentModel'

const log = (id, success, score, extra = {}) => ({
  _id: id, comment_id: `c${id}`, success, message: `message ${id}`,
  intent: score === null ? [] : [{ intent: success ? 'price' : 'size', score }],
  publisher: { name: `Person ${id}` }, manuelAnswer: [], ...extra,
})

describe('split (spec 001 §7 "Comments")', () => {
  it('splits by success, each newest first, with the distinct intent names of each', () => {
    const logs = [log(1, true, 0.5), log(2, false, 0.3), log(3, true, 0.6, { intent: [{ intent: 'delivery', score: 0.6 }] }),
      log(4, false, 0.2), log(5, true, 0.7)]
    const split = splitLogs(logs)
    expect(split.matched.map((l) => l._id)).toEqual([5, 3, 1])
    expect(split.notMatched.map((l) => l._id)).toEqual([4, 2])
    expect(split.matchedIntents).toEqual(['price', 'delivery'])
    expect(split.notMatchedIntents).toEqual(['size'])
    expect(logs.map((l) => l._id)).toEqual([1, 2, 3, 4, 5]) // the server's list is left as it was
  })
})

describe('search', () => {
  const logs = [log(1, true, 0.5, { publisher: { first_name: 'Amira', last_name: 'Ben Salah' }, message: 'prix ?' }),
    log(2, true, 0.5, { publisher: { name: 'Karim Trabelsi' }, message: 'Amira told me' })]

  it('in matched is by commenter name, case-insensitive substring', () => {
    expect(searchLogs(logs, MATCHED, 'aMIR').map((l) => l._id)).toEqual([1])
    expect(searchLogs(logs, MATCHED, 'salah').map((l) => l._id)).toEqual([1])
    expect(searchLogs(logs, MATCHED, '  ').map((l) => l._id)).toEqual([1, 2])
  })

  it('in not matched is by message text', () => {
    expect(searchLogs(logs, NOT_MATCHED, 'aMIRA').map((l) => l._id)).toEqual([2])
    expect(searchLogs(logs, NOT_MATCHED, 'PRIX').map((l) => l._id)).toEqual([1])
  })
})

describe('score slider', () => {
  it('has the specified defaults and reset values', () => {
    expect(SLIDER_DEFAULTS[MATCHED]).toEqual([18, 82])
    expect(SLIDER_DEFAULTS[NOT_MATCHED]).toEqual([10, 80])
    expect(SLIDER_RESETS[MATCHED]).toEqual([18, 82])
    expect(SLIDER_RESETS[NOT_MATCHED]).toEqual([10, 81])
  })

  it('compares whole percentages: above the low bound and up to the high bound', () => {
    expect(scorePercent(log(1, true, 0.824))).toBe(82)
    expect(scorePercent(log(1, true, 0.826))).toBe(83)
    expect(scorePercent(log(1, true, null))).toBeNull()
    expect(inRange(18, [18, 82])).toBe(false)
    expect(inRange(19, [18, 82])).toBe(true)
    expect(inRange(82, [18, 82])).toBe(true)
    expect(inRange(83, [18, 82])).toBe(false)
  })

  it('filters a tab by the best score; a comment with no score stays', () => {
    const logs = [log(1, true, 0.18), log(2, true, 0.181), log(3, true, 0.82), log(4, true, 0.9), log(5, true, null)]
    expect(visibleComments(logs, MATCHED).map((l) => l._id)).toEqual([3, 5])
    expect(visibleComments(logs, MATCHED, { range: [0, 100] }).map((l) => l._id)).toEqual([1, 2, 3, 4, 5])
    const unmatched = [log(6, false, 0.1), log(7, false, 0.8), log(8, false, 0.81)]
    expect(visibleComments(unmatched, NOT_MATCHED).map((l) => l._id)).toEqual([7])
    expect(visibleComments(unmatched, NOT_MATCHED, { range: SLIDER_RESETS[NOT_MATCHED] }).map((l) => l._id)).toEqual([7, 8])
  })

  it('combines the search, the scores and an intent', () => {
    const logs = [log(1, true, 0.5), log(2, true, 0.5, { intent: [{ intent: 'delivery', score: 0.5 }] }), log(3, true, 0.5)]
    expect(visibleComments(logs, MATCHED, { query: 'person', range: [18, 82], intent: 'delivery' }).map((l) => l._id))
      .toEqual([2])
  })
})

describe('live updates and answers', () => {
  it('merges changed logs in place and appends new ones', () => {
    const logs = [log(1, true, 0.5), log(2, false, 0.3)]
    const merged = mergeLogs(logs, [{ ...log(2, false, 0.3), state: 'sent' }, log(3, true, 0.6)])
    expect(merged.map((l) => [l._id, l.state])).toEqual([[1, undefined], [2, 'sent'], [3, undefined]])
  })

  it('says Treated, Sent!, failed or to answer', () => {
    expect(answerState(log(1, true, 0.5, { treated: true, state: 'treated' }))).toBe('treated')
    expect(answerState(log(2, false, 0.3, { state: 'untreated' }))).toBe('untreated')
    expect(answerState(log(2, false, 0.3, { state: 'sent', manuelAnswer: [{ answer: 'hi', status: 'sent' }] }))).toBe('sent')
    expect(answerState(log(2, false, 0.3, { state: 'untreated',
      manuelAnswer: [{ answer: 'hi', status: 'failed', error: '10 - Permission denied' }] }))).toBe('failed')
  })

  it('says there is nothing to answer when the why says the comment asks nothing, not To answer', () => {
    const praise = log(3, false, 0.2, { state: 'untreated', why: { reason: 'asks_nothing' } })
    expect(answerState(praise)).toBe('nothingToAnswer')
    expect(answerState({ ...praise, why: { reason: 'own_comment' } })).toBe('nothingToAnswer')
    expect(answerState({ ...praise, why: { reason: 'below_threshold' } })).toBe('untreated')
    expect(answerState({ ...praise, state: 'sent', manuelAnswer: [{ answer: 'Merci !', status: 'sent' }] })).toBe('sent')
  })
})

describe('personalisation tags of a manual answer', () => {
  it('fills first, last and full names and the page name', () => {
    const text = 'Hi ##FIRST_NAME## ##LAST_NAME## (##FULL_NAME##), ##PAGE_NAME## thanks you'
    expect(fillTags(text, { first_name: 'Leila', last_name: 'Mansour', name: 'Leila Mansour' }, 'Sfax Sneakers'))
      .toBe('Hi Leila Mansour (Leila Mansour), Sfax Sneakers thanks you')
  })

  it('falls back on the display name when only a username is known (Instagram)', () => {
    expect(fillTags('Hi ##FIRST_NAME##!', { username: 'leila.m' }, 'Shop')).toBe('Hi leila.m!')
  })
})
