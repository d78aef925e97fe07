import { describe, expect, it } from 'vitest'
import i18n, { LANG_KEY, languageFrom, setLanguage, translationsOf } from './index'

function keysOf(tree, prefix = '') {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  )
}

describe('translations', () => {
  it('every English file has its French twin with the same keys', () => {
    const fr = Object.fromEntries(translationsOf('fr').map(({ path, tree }) => [path.replace('/fr/', '/'), tree]))
    for (const { path, tree } of translationsOf('en')) {
      const twin = fr[path.replace('/en/', '/')]
      expect(twin, path).toBeDefined()
      expect(keysOf(twin).sort(), path).toEqual(keysOf(tree).sort())
    }
    expect(Object.keys(fr).length).toBe(translationsOf('en').length)
  })

  it('no top-level key is held by two files', () => {
    const owners = {}
    for (const { path, tree } of translationsOf('en')) {
      for (const key of Object.keys(tree)) {
        expect(owners[key], `${key} in ${path}`).toBeUndefined()
        owners[key] = path
      }
    }
  })

  it('no translation is empty', () => {
    const all = (lang) => translationsOf(lang).flatMap(({ tree }) => keysOf(tree).map((k) => [lang, k]))
    const empty = [...all('en'), ...all('fr')].filter(
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
