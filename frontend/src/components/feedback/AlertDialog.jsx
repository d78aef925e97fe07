/** The blocking alert of the feedback store, closed by its Okay button. */
import { useTranslation } from 'react-i18next'
import { useFeedbackStore } from '../../stores/feedback'

export default function AlertDialog() {
  const { t } = useTranslation()
  const { alert, closeAlert } = useFeedbackStore()
  if (!alert) return null
  return (
    <div className="overlay">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-describedby="alert-message">
        <p id="alert-message">{t(alert.messageKey)}</p>
        <button type="button" className="button button--primary" onClick={closeAlert} autoFocus>
          {t('common.okay')}
        </button>
      </div>
    </div>
  )
}
