/** The toasts of the feedback store, newest last; each hides itself after 5 s. */
import { useTranslation } from 'react-i18next'
import { useFeedbackStore } from '../../stores/feedback'

export default function Toasts() {
  const { t } = useTranslation()
  const { toasts, dismissToast } = useFeedbackStore()
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map(({ id, messageKey, kind }) => (
        <div key={id} className={`toast toast--${kind}`} role="status">
          <span>{t(messageKey)}</span>
          <button type="button" aria-label="×" onClick={() => dismissToast(id)}>×</button>
        </div>
      ))}
    </div>
  )
}
