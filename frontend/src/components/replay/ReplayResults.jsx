/** An ended replay's groups to read: answered, hidden, unanswered (by reason) and, after an edit, the changes. */
import { Accordion, Tabs, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import ReplayGroup from './ReplayGroup'
import { ChangesSummary } from './ReplaySummary'
import { CHANGES, hasChanges, reasonsOf } from './replayModel'

export default function ReplayResults({ replay }) {
  const { t } = useTranslation()
  const { summary, samples, changes } = replay
  const group = (name, total, reason) => (
    <ReplayGroup agentId={replay.agentId} replayId={replay.id} group={name} reason={reason} total={total}
      samples={reason ? samples.unanswered?.[reason] : samples[name]} />
  )
  return (
    <Tabs defaultValue={hasChanges(changes) ? 'changes' : 'answered'} keepMounted={false} className="replay__tabs">
      <Tabs.List grow>
        <Tabs.Tab value="answered">{t('replay.tabs.answered', { count: summary.answered })}</Tabs.Tab>
        <Tabs.Tab value="hidden">{t('replay.tabs.hidden', { count: summary.hidden })}</Tabs.Tab>
        <Tabs.Tab value="unanswered">{t('replay.tabs.unanswered', { count: summary.unanswered })}</Tabs.Tab>
        {changes && <Tabs.Tab value="changes">{t('replay.tabs.changes')}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="answered" pt="sm">{group('answered', summary.answered)}</Tabs.Panel>
      <Tabs.Panel value="hidden" pt="sm">{group('hidden', summary.hidden)}</Tabs.Panel>
      <Tabs.Panel value="unanswered" pt="sm">
        {reasonsOf(summary).length === 0 ? <Text size="sm" c="dimmed">{t('replay.groups.none')}</Text> : (
          <Accordion variant="separated" multiple className="replay__reasons">
            {reasonsOf(summary).map((reason) => (
              <Accordion.Item key={reason} value={reason}>
                <Accordion.Control>{t(`replay.reasonNames.${reason}`)} ({summary.byReason[reason]})</Accordion.Control>
                <Accordion.Panel>{group('unanswered', summary.byReason[reason], reason)}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Tabs.Panel>
      {changes && (
        <Tabs.Panel value="changes" pt="sm">
          <ChangesSummary changes={changes} />
          <Accordion variant="separated" multiple mt="sm" defaultValue={CHANGES.filter((c) => changes[c] > 0)}>
            {CHANGES.map((change) => (
              <Accordion.Item key={change} value={change}>
                <Accordion.Control>{t(`replay.changes.${change}`)} ({changes[change]})</Accordion.Control>
                <Accordion.Panel>{group(change, changes[change])}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Tabs.Panel>
      )}
    </Tabs>
  )
}
