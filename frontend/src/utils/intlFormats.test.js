import { describe, expect, it } from 'vitest'
import { collator, dateLocale, dateTimeFormat, numberFormat } from './intlFormats'

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same language and options, another for other ones', () => {
    expect(numberFormat('fr')).toBe(numberFormat('fr'))
    expect(numberFormat('fr', { minimumFractionDigits: 1 })).toBe(numberFormat('fr', { minimumFractionDigits: 1 }))
    expect(numberFormat('fr', { minimumFractionDigits: 1 })).not.toBe(numberFormat('fr'))
    expect(numberFormat('en')).not.toBe(numberFormat('fr'))
    expect(dateTimeFormat('en-GB', { dateStyle: 'long' })).toBe(dateTimeFormat('en-GB', { dateStyle: 'long' }))
  })

  it('writes what a new Intl formatter writes', () => {
    const day = Date.UTC(2026, 10, 30, 12)
    expect(numberFormat('fr', { minimumFractionDigits: 2 }).format(1234.5))
      .toBe(new Intl.NumberFormat('fr', { minimumFractionDigits: 2 }).format(1234.5))
    expect(dateTimeFormat(dateLocale('fr'), { dateStyle: 'long' }).format(day)).toBe('30 novembre 2026')
    expect(dateTimeFormat(dateLocale('en'), { dateStyle: 'long' }).format(day)).toBe('30 November 2026')
    expect(['b', 'A', 'a', 'B'].sort(collator(undefined, { sensitivity: 'base' }).compare)).toEqual(['A', 'a', 'b', 'B'])
  })
})
