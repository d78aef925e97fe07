import { describe, expect, it } from 'vitest'
import en from './en.json'
import fr from './fr.json'
import i18n, { LANG_KEY, languageFrom, setLanguage } from './index'

function keysOf(tree, prefix = '') {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  )
}

describe('translations', () => {
  it('en.json and fr.json have the same keys', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort())
  })

  it('no translation is empty', () => {
    const empty = [...keysOf(en).map((k) => ['en', k]), ...keysOf(fr).map((k) => ['fr', k])].filter(
      ([lang, key]) => !i18n.getFixedT(lang)(key).trim(),
    )
    expect(empty).toEqual([])
  })
})

describe('modoLang rule', () => {
  it('is English when nothing is stored', () => {
    expect(languageFrom(null)).toBe('en')
  })

  it('is English for en and French for any other value', () => {
    expect(languageFrom('en')).toBe('en')
    expect(languageFrom('fr')).toBe('fr')
    expect(languageFrom('de')).toBe('fr')
    expect(languageFrom('')).toBe('fr')
  })

  it('switching stores the language under modoLang and translates', async () => {
    await setLanguage('fr')
    expect(localStorage.getItem(LANG_KEY)).toBe('fr')
    expect(i18n.t('common.logout')).toBe('Déconnexion')
    await setLanguage('en')
    expect(localStorage.getItem(LANG_KEY)).toBe('en')
    expect(i18n.t('common.logout')).toBe('Logout')
  })
})
