import { describe, expect, it } from 'vitest'
import {
  cataloguePageOf, cleanName, matchingCategories, matchingProducts, nameTaken, productLabel, refusalMessage,
  synonymLabel,
} from './catalogueRules'

describe('display cuts (spec 001 §9)', () => {
  it('shows product names up to 11 characters whole, longer ones as 9 plus an ellipsis', () => {
    expect(productLabel('Robe rouge')).toBe('Robe rouge')
    expect(productLabel('Robe rouges')).toBe('Robe rouges') // 11
    expect(productLabel('Robe rouge 2')).toBe('Robe roug…') // 12 -> 9
  })

  it('cuts synonyms over 10 characters to 10 plus an ellipsis', () => {
    expect(synonymLabel('bordeaux12')).toBe('bordeaux12')
    expect(synonymLabel('bordeaux123')).toBe('bordeaux12…')
  })

  it('counts an emoji as one character and never splits it', () => {
    expect(productLabel('👗👗👗👗👗👗👗👗👗👗👗👗')).toBe('👗👗👗👗👗👗👗👗👗…')
    expect(synonymLabel('👗👗👗👗👗👗👗👗👗👗')).toBe('👗👗👗👗👗👗👗👗👗👗')
  })
})

describe('searches', () => {
  const categories = [{ name: 'Robes' }, { name: 'Sacs à main' }]
  const products = [{ content: 'Robe rouge' }, { content: 'Jupe plissée' }]

  it('find categories by a part of their name, whatever the case', () => {
    expect(matchingCategories(categories, ' SAC ')).toEqual([{ name: 'Sacs à main' }])
    expect(matchingCategories(categories, '')).toEqual(categories)
    expect(matchingCategories(categories, 'zzz')).toEqual([])
  })

  it('find products by their content', () => {
    expect(matchingProducts(products, 'plis')).toEqual([{ content: 'Jupe plissée' }])
    expect(matchingProducts(products, 'rouge ')).toEqual([{ content: 'Robe rouge' }])
  })
})

describe('names', () => {
  it('compare trimmed and case-insensitive, as the server does', () => {
    expect(nameTaken(['Robe rouge'], '  robe ROUGE ')).toBe(true)
    expect(nameTaken(['Robe rouge'], 'Robe bleue')).toBe(false)
    expect(cleanName('  Robe   rouge ')).toBe('Robe rouge')
  })
})

describe('refusals', () => {
  it('translate the server messages they know and show any other string as sent', () => {
    expect(refusalMessage('The category should be empty!')).toEqual({ key: 'catalogue.refusals.notEmpty' })
    expect(refusalMessage('This product already exists!')).toEqual({ key: 'catalogue.refusals.productExists' })
    expect(refusalMessage('Something else')).toEqual({ text: 'Something else' })
  })
})

describe('the selected page', () => {
  it('is read with the session spellings, Instagram included', () => {
    expect(cataloguePageOf({ id: 42, platform: 'instagram', name: 'B', picture_url: 'p' }))
      .toEqual({ id: '42', platform: 'instagram', name: 'B', picture: 'p' })
    expect(cataloguePageOf({ idPage: '7', name: 'F' })).toMatchObject({ id: '7', platform: 'facebook' })
    expect(cataloguePageOf(null)).toBeNull()
    expect(cataloguePageOf({ name: 'no id' })).toBeNull()
  })
})
