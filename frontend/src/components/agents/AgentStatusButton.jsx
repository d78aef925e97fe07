/** The status button of an agent: Active (green), Not Active (grey) or Draft (a click does nothing). */
import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ACTIVE, DRAFT, statusOf } from './agentModel'

const COLORS = { [ACTIVE]: 'green', notActive: 'gray', [DRAFT]: 'yellow' }

export default function AgentStatusButton({ project, onToggle, busy }) {
  const { t } = useTranslation()
  const status = statusOf(project)
  const draft = status === DRAFT
  return (
    <Button size="compact-sm" radius="xl" color={COLORS[status]} variant={status === ACTIVE ? 'filled' : 'light'}
      loading={busy} data-status={status} className="agent-status"
      aria-disabled={draft || undefined} style={draft ? { cursor: 'default' } : undefined}
      onClick={() => { if (!draft) onToggle(project) }}>
      {t(`agents.status.${status}`)}
    </Button>
  )
}
