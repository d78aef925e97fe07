/** The FR/EN switch of the top bar. */
import { useTranslation } from 'react-i18next'
import { setLanguage } from '../../i18n'

export default function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  return (
    <div className="lang-switch" role="group" aria-label={t('common.language')}>
      {['fr', 'en'].map((lang) => (
        <button
          key={lang}
          type="button"
          className={i18n.language === lang ? 'lang-switch__choice is-active' : 'lang-switch__choice'}
          aria-pressed={i18n.language === lang}
          onClick={() => setLanguage(lang)}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </div>
  )
}
