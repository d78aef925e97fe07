/** The privacy policy: numbered sections, English when the language is en, else French (spec 000 §2, §6). */
import { useTranslation } from 'react-i18next'

const SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6']

export default function PrivacyPolicyPage() {
  const { t } = useTranslation()
  return (
    <article className="page privacy">
      <h1>{t('privacy.title')}</h1>
      <p className="privacy__date">{t('privacy.date')}</p>
      {SECTIONS.map((section) => (
        <section key={section}>
          <h2>{t(`privacy.sections.${section}.title`)}</h2>
          <p>{t(`privacy.sections.${section}.body`)}</p>
        </section>
      ))}
    </article>
  )
}
