import { describe, expect, it } from 'vitest'
import {
  INVITE, INVITE_ADMIN, NOT_CONNECTED, OTHER_TEAM, OWNER, borderColor, cutName, formatCount, fromMs, groupsFor,
  groupsOfRole, preferencesPayload, selectedPageOf, toMs,
} from './pageModel'

describe('page rules', () => {
  it('shows numbers above 999 as thousands with one decimal and a k', () => {
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1.0k')
    expect(formatCount(15230)).toBe('15.2k')
    expect(formatCount(undefined)).toBe('0')
    expect(formatCount(15230, 'fr')).toBe('15,2k')
    expect(formatCount(999, 'fr')).toBe('999')
  })

  it('cuts names to 14 characters', () => {
    expect(cutName('Tunis Tech Store')).toBe('Tunis Tech Sto…')
    expect(cutName('Sousse Sport')).toBe('Sousse Sport')
    expect(cutName('12345678901234')).toBe('12345678901234')
  })

  it('colours borders by status', () => {
    expect(borderColor(OWNER)).toBe('pink')
    expect(borderColor(INVITE)).toBe('green')
    expect(borderColor(INVITE_ADMIN)).toBe('blue')
    expect(borderColor(OTHER_TEAM)).toBe('gray')
    expect(borderColor(NOT_CONNECTED)).toBe('gray')
  })

  it('filters by platform and role, invite admin before invite', () => {
    const data = {
      facebookPages: { [OWNER]: [{ idPage: '1', name: 'b' }], [INVITE]: [{ idPage: '2', name: 'x' }] },
      instaPages: { [OWNER]: [{ idPage: '3', name: 'A' }], [INVITE_ADMIN]: [{ idPage: '4', name: 'y' }] },
    }
    expect(groupsFor(data, 'all')[OWNER].map((p) => p.idPage)).toEqual(['3', '1'])
    expect(groupsFor(data, 'facebook')[OWNER].map((p) => p.idPage)).toEqual(['1'])
    expect(groupsFor(data, 'instagram')[INVITE]).toEqual([])
    expect(groupsFor(data, 'all')[INVITE][0].status).toBe(INVITE)
    expect(groupsOfRole('owner')).toEqual([OWNER])
    expect(groupsOfRole('invited')).toEqual([INVITE_ADMIN, INVITE])
    expect(groupsOfRole('all')).toHaveLength(5)
  })

  it('builds the preferences payload in milliseconds', () => {
    expect(toMs(1, 5)).toBe(65000)
    expect(fromMs(150000)).toEqual({ minutes: 2, seconds: 30 })
    const page = { platform: 'facebook' }
    const base = { spam: true, likesComment: false, hideComment: true }
    const delay = { from: { minutes: 1, seconds: 5 }, to: { minutes: 2, seconds: 30 } }
    expect(preferencesPayload(page, { ...base, delay: { ...delay, statut: 'Randomly' } })).toEqual({
      platforme: 'facebook', spam: true, likesComment: false, hideComment: true,
      respReplies: { statut: 'Randomly', time: [65000, 150000] },
    })
    expect(preferencesPayload(page, { ...base, delay: { ...delay, statut: 'Exactly' } }).respReplies.time).toEqual([65000])
    expect(preferencesPayload(page, { ...base, delay: { ...delay, statut: 'immediatly' } }).respReplies.time).toEqual([])
  })

  it('stores the selected page in the shape of the specification', () => {
    const page = { idPage: '9', name: 'N', platform: 'instagram', picture: 'p', user: [1], admins: [2], status: OWNER }
    expect(selectedPageOf(page)).toEqual({
      platform: 'instagram', name: 'N', picture_url: 'p', id: '9', accessToken: null, team: [1], admins: [2], status: OWNER,
    })
  })
})
