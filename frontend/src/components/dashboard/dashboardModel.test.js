import { describe, expect, it } from 'vitest'
import {
  INTENTS_DEFAULT_PERIOD, POSTS_DEFAULT_PERIOD, formatCount, intentTitle, permalinkOf, pictureOf, postPreview,
  topIntents,
} from './dashboardModel'

describe('dashboard rules', () => {
  it('starts the intents filter on all and the posts filter on the second option (most recent)', () => {
    expect(INTENTS_DEFAULT_PERIOD).toBe('all')
    expect(POSTS_DEFAULT_PERIOD).toBe('week')
  })

  it('reads Probablement as probably in English, and keeps the French title in French', () => {
    const row = { name: 'price', title: 'Probablement Price', title_fr: 'Probablement Prix' }
    expect(intentTitle(row, 'en')).toBe('probably Price')
    expect(intentTitle(row, 'fr')).toBe('Probablement Prix')
    expect(intentTitle({ name: 'size', title: 'Size', title_fr: 'Taille' }, 'fr')).toBe('Taille')
    expect(intentTitle({ name: 'size' }, 'en')).toBe('size')
  })

  it('keeps only the first five intents', () => {
    const rows = Array.from({ length: 7 }, (_, n) => ({ name: `i${n}` }))
    expect(topIntents(rows).map((row) => row.name)).toEqual(['i0', 'i1', 'i2', 'i3', 'i4'])
    expect(topIntents(null)).toEqual([])
  })

  it('shows counts above 999 in k with one decimal', () => {
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1.0k')
    expect(formatCount(12345)).toBe('12.3k')
  })

  it('finds the picture and link of a Facebook post and of an Instagram media', () => {
    expect(pictureOf({ full_picture: 'f.jpg' })).toBe('f.jpg')
    expect(pictureOf({ media_url: 'm.jpg' })).toBe('m.jpg')
    expect(pictureOf({})).toBeNull()
    expect(permalinkOf({ permalink_url: 'https://fb/p' })).toBe('https://fb/p')
    expect(permalinkOf({ permalink: 'https://ig/p' })).toBe('https://ig/p')
  })

  it('cuts a post preview to 40 characters', () => {
    expect(postPreview('a'.repeat(40))).toBe('a'.repeat(40))
    expect(postPreview('a'.repeat(41))).toBe(`${'a'.repeat(40)}…`)
    expect(postPreview(null)).toBe('')
  })
})
