/** i18next set-up: English and French, the choice kept in localStorage under `modoLang`
 *  (spec 000 §1: en by default, French for any other stored value). */
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './en.json'
import fr from './fr.json'

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
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: languageFrom(readStoredLanguage()),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
})

export default i18n
