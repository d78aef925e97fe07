/** The frame of a screen that a later issue fills in: its title, translated. */
import { useTranslation } from 'react-i18next'

export default function TitleOnly({ titleKey }) {
  const { t } = useTranslation()
  return (
    <section className="page">
      <h1>{t(titleKey)}</h1>
    </section>
  )
}
