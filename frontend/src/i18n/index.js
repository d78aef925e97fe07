/** i18next set-up: English and French, the choice kept in localStorage under `modoLang`
 *  (spec 000 §1: en by default, French for any other stored value). */
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'

// One file per area of the product (locales/<lang>/<area>.json), each holding its own top-level keys, so the
// screens' translations are kept beside each other without one file everyone edits.
const files = import.meta.glob('./locales/*/*.json', { eager: true, import: 'default' })

export function translationsOf(lang) {
  return Object.entries(files)
    .filter(([path]) => path.startsWith(`./locales/${lang}/`))
    .map(([path, tree]) => ({ path, tree }))
}

function merged(lang) {
  return Object.assign({}, ...translationsOf(lang).map(({ tree }) => tree))
}

export const LANG_KEY = 'modoLang'

export function languageFrom(stored) {
  if (stored === null || stored === undefined || stored === 'en') return 'en'
  return 'fr'
}

function readStoredLanguage() {
  try {
    return localStorage.getItem(LANG_KEY)
  } catch (e) {
    console.warn('modoLang unreadable', e)
    return null
  }
}

export function setLanguage(lang) {
  const language = languageFrom(lang)
  try {
    localStorage.setItem(LANG_KEY, language)
  } catch (e) {
    console.warn('modoLang not saved', e)
  }
  return i18n.changeLanguage(language)
}

i18n.use(initReactI18next).init({
  resources: { en: { translation: merged('en') }, fr: { translation: merged('fr') } },
  lng: languageFrom(readStoredLanguage()),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
})

export default i18n
