/** An agent's actions: edit, replay on past comments, view comments (only when it has logs) and delete. */
import { ActionIcon, Group, Tooltip } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import SuggestionsAction from '../proposals/SuggestionsAction'
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

export default function AgentActions({ project, name, onEdit, onReplay, onComments, onSuggestions, onDelete }) {
  const { t } = useTranslation()
  return (
    <Group gap={6} wrap="nowrap">
      <Action label={t('agents.actions.edit', { name })} icon="edit" onClick={() => onEdit(project)} />
      <Action label={t('replay.open', { name })} icon="replay" color="grape" onClick={() => onReplay(project, name)} />
      {hasLogs(project) && (
        <Action label={t('agents.actions.comments', { name })} icon="comments" color="teal"
          onClick={() => onComments(project)} />
      )}
      {onSuggestions && <SuggestionsAction label={t('proposals.open', { name })} onClick={() => onSuggestions(project)} />}
      <Action label={t('agents.actions.delete', { name })} icon="remove" color="red" onClick={() => onDelete(project)} />
    </Group>
  )
}
