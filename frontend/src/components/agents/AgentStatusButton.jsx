/** The status button of an agent: Active (green), Not Active (grey) or Draft (a click does nothing; its tooltip
 *  says why it answers nothing and how to make it active). */
import { Button, Tooltip } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ACTIVE, DRAFT, statusOf } from './agentModel'

const COLORS = { [ACTIVE]: 'green', notActive: 'gray', [DRAFT]: 'yellow' }

export default function AgentStatusButton({ project, onToggle, busy }) {
  const { t } = useTranslation()
  const status = statusOf(project)
  const draft = status === DRAFT
  const button = (
    <Button size="compact-sm" radius="xl" color={COLORS[status]} variant={status === ACTIVE ? 'filled' : 'light'}
      loading={busy} data-status={status} className="agent-status"
      aria-disabled={draft || undefined} style={draft ? { cursor: 'default' } : undefined}
      onClick={() => { if (!draft) onToggle(project) }}>
      {t(`agents.status.${status}`)}
    </Button>
  )
  if (!draft) return button
  return (
    <Tooltip label={t('activation.draftHelp')} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
      {button}
    </Tooltip>
  )
}
