/** What the replay found: would answer N (by intent and by product), would hide M, would leave K unanswered (by
 *  reason), and the changes since the previous replay. */
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { intentLabel } from '../../i18n/intentLabel'
import { CHANGES, countEntries, reasonsOf } from './replayModel'

function Stat({ label, value, color, name }) {
  return (
    <Paper withBorder radius="md" p="sm" className={`replay__stat replay__stat--${name}`}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="xl" c={color}>{value}</Text>
    </Paper>
  )
}

function Counts({ title, entries, label, name }) {
  const { t } = useTranslation()
  if (entries.length === 0) return null
  return (
    <Stack gap={4} className={`replay__counts replay__counts--${name}`}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">{title}</Text>
      <Group gap={6}>
        {entries.map(([key, count]) => (
          <Badge key={key} variant="light" size="lg" tt="none" style={{ maxWidth: '100%' }}>
            {t('replay.summary.count', { label: label(key), count })}
          </Badge>
        ))}
      </Group>
    </Stack>
  )
}

export function ChangesSummary({ changes }) {
  const { t } = useTranslation()
  return (
    <Stack gap="xs" className="replay__changes">
      <Text size="sm">{t('replay.changes.since', { version: changes.previousVersion, count: changes.compared })}</Text>
      <SimpleGrid cols={3} spacing="xs">
        {CHANGES.map((change) => (
          <Stat key={change} name={change} label={t(`replay.changes.${change}`)} value={changes[change]}
            color={change === 'lost' ? 'red' : change === 'new' ? 'green' : 'blue'} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}

export default function ReplaySummary({ summary }) {
  const { t } = useTranslation()
  return (
    <Stack gap="sm" className="replay__summary">
      <SimpleGrid cols={3} spacing="xs">
        <Stat name="answered" label={t('replay.summary.answered')} value={summary.answered} color="green" />
        <Stat name="hidden" label={t('replay.summary.hidden')} value={summary.hidden} color="orange" />
        <Stat name="unanswered" label={t('replay.summary.unanswered')} value={summary.unanswered} />
      </SimpleGrid>
      <Counts name="intent" title={t('replay.summary.byIntent')} entries={countEntries(summary.byIntent)}
        label={intentLabel} />
      <Counts name="product" title={t('replay.summary.byProduct')} entries={countEntries(summary.byProduct)}
        label={(product) => product} />
      <Counts name="reason" title={t('replay.summary.byReason')}
        entries={reasonsOf(summary).map((reason) => [reason, summary.byReason[reason]])}
        label={(reason) => t(`replay.reasonNames.${reason}`)} />
    </Stack>
  )
}
