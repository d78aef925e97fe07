/** A dashboard block's failure (spec 001 §8): the block's filter-error text with a Retry button. */
import { Alert, Button, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export default function RetryAlert({ messageKey, onRetry }) {
  const { t } = useTranslation()
  return (
    <Alert color="red" variant="light" role="alert" radius="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t(messageKey)}</Text>
        <Button size="xs" color="red" variant="outline" onClick={onRetry}>{t('common.retry')}</Button>
      </Group>
    </Alert>
  )
}
