/** What a part of a screen shows while its data loads (a spinner), when the load failed (the error with Retry), and
 *  once loaded (its children). `state` is useLoaded's: loading | ready | error. */
import { Alert, Button, Loader } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** A failed load: its message as the title, with a Retry button. */
export function LoadError({ messageKey, onRetry }) {
  const { t } = useTranslation()
  return (
    <Alert color="red" variant="light" role="alert" title={t(messageKey)}>
      <Button size="xs" color="red" onClick={() => onRetry()}>{t('common.retry')}</Button>
    </Alert>
  )
}

export default function Loaded({ state, errorKey, onRetry, children = null }) {
  const { t } = useTranslation()
  if (state === 'loading') return <Loader aria-label={t('common.loading')} />
  if (state === 'error') return <LoadError messageKey={errorKey} onRetry={onRetry} />
  return children
}
