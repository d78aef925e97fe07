/** A loading indicator with its accessible label. */
import { useTranslation } from 'react-i18next'

export default function Spinner() {
  const { t } = useTranslation()
  return <div className="spinner" role="progressbar" aria-label={t('common.loading')} />
}
