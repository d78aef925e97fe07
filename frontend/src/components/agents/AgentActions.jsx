/** An agent's actions: edit, view comments (only when it has logs) and delete. */
import { ActionIcon, Group, Tooltip } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { hasLogs } from './agentModel'
import LineIcon from './icons'

function Action({ label, icon, color, onClick }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="light" color={color} size="lg" aria-label={label} onClick={onClick}>
        <LineIcon name={icon} />
      </ActionIcon>
    </Tooltip>
  )
}

export default function AgentActions({ project, name, onEdit, onComments, onDelete }) {
  const { t } = useTranslation()
  return (
    <Group gap={6} wrap="nowrap">
      <Action label={t('agents.actions.edit', { name })} icon="edit" onClick={() => onEdit(project)} />
      {hasLogs(project) && (
        <Action label={t('agents.actions.comments', { name })} icon="comments" color="teal"
          onClick={() => onComments(project)} />
      )}
      <Action label={t('agents.actions.delete', { name })} icon="remove" color="red" onClick={() => onDelete(project)} />
    </Group>
  )
}
