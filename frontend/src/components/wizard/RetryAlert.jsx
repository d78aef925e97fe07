/** An error of the wizard with its Retry button (spec 001 §8 "Wizard": errors with retry). */
import { Alert, Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export default function RetryAlert({ messageKey, onRetry, onClose }) {
  const { t } = useTranslation()
  if (!messageKey) return null
  return (
    <Alert color="red" variant="light" role="alert" mb="md" withCloseButton={Boolean(onClose)} onClose={onClose}
      closeButtonLabel={t('common.cancel')} title={t(messageKey)}>
      {onRetry && <Button size="xs" color="red" onClick={onRetry}>{t('common.retry')}</Button>}
    </Alert>
  )
}
