/** One dashboard block: its title and period filter, then its retry alert after a failure (spec 001 §8), a loader
 *  on the first load, a line when there is nothing in the period, or its content (dimmed while a new period loads). */
import { Box, Group, Loader, Paper, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import PeriodSelect from './PeriodSelect'
import RetryAlert from './RetryAlert'

export default function DashboardBlock({ block, period, onPeriod, data, empty, children }) {
  const { t } = useTranslation()
  const { rows, loading, failed, reload } = data
  let body
  if (failed) body = <RetryAlert messageKey={`dashboard.${block}.error`} onRetry={reload} />
  else if (loading && !rows) body = <Group justify="center" py="xl"><Loader size="sm" /></Group>
  else if (empty) body = <Text c="dimmed" py="lg" ta="center">{t(`dashboard.${block}.none`)}</Text>
  else body = <Box opacity={loading ? 0.6 : 1}>{children}</Box>
  return (
    <Paper withBorder radius="md" p="md" className={`dashboard__${block}`}>
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h3">{t(`dashboard.${block}.title`)}</Title>
        <PeriodSelect block={block} value={period} onChange={onPeriod} />
      </Group>
      {body}
    </Paper>
  )
}
