import { describe, expect, it } from 'vitest'
import { countEntries, hasChanges, progressPercent, reasonsOf } from './replayModel'

describe('replay model', () => {
  it('measures progress in posts once their number is known', () => {
    expect(progressPercent({ postsRead: 0, postsTotal: null })).toBeNull()
    expect(progressPercent({ postsRead: 0, postsTotal: 1 })).toBeNull()
    expect(progressPercent({ postsRead: 1, postsTotal: 4 })).toBe(25)
    expect(progressPercent({ postsRead: 5, postsTotal: 4 })).toBe(100)
  })

  it('orders counts largest first and keeps only the reasons present', () => {
    expect(countEntries({ delivery: 1, price: 3, colors: 1 })).toEqual([['price', 3], ['colors', 1], ['delivery', 1]])
    expect(reasonsOf({ byReason: { link: 2, asks_nothing: 1, below_threshold: 0 } })).toEqual(['asks_nothing', 'link'])
  })

  it('says whether anything changed since the previous replay', () => {
    expect(hasChanges(null)).toBe(false)
    expect(hasChanges({ new: 0, lost: 0, changed: 0 })).toBe(false)
    expect(hasChanges({ new: 0, lost: 1, changed: 0 })).toBe(true)
  })
})
