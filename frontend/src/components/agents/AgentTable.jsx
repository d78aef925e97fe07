/** The agents of the selected page (spec 001 §2 "My agents"): picture, post date, message, creation and last
 *  update, type, pending change, status and actions. A phone gets one card per agent with the same content. */
import { Badge, Button, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { dateLocale, dateTimeFormat } from '../../utils/intlFormats'
import AgentActions from './AgentActions'
import AgentStatusButton from './AgentStatusButton'
import { cutMessage, isGeneric, postDate } from './agentModel'
import LineIcon from './icons'
import classes from './agents.module.css'

export function formatDate(value, language) {
  const parsed = Date.parse(value ?? '')
  if (Number.isNaN(parsed)) return '—'
  return dateTimeFormat(dateLocale(language), { dateStyle: 'medium' }).format(parsed)
}

function Picture({ project }) {
  const src = project.post?.picture
  return src ? <img src={src} alt="" className={classes.picture} loading="lazy" />
    : <div className={`${classes.picture} ${classes.noPicture}`} aria-hidden="true"><LineIcon name="post" size={22} /></div>
}

/** The agent's type, its icon and its name in words (an icon alone said nothing to a new owner). */
function TypeIcon({ project }) {
  const { t } = useTranslation()
  const generic = isGeneric(project)
  const label = t(generic ? 'agents.type.generic' : 'agents.type.post')
  return (
    <Tooltip label={label} withArrow>
      <Badge variant="light" color={generic ? 'grape' : 'blue'} size="lg" radius="sm" tt="none" aria-label={label}
        leftSection={<LineIcon name={generic ? 'page' : 'post'} size={16} />} className="agent-type"
        data-generic={generic} styles={{ root: { maxWidth: '100%', height: 'auto', paddingBlock: 4 },
          label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.25 } }}>
        {t(generic ? 'agents.type.genericShort' : 'agents.type.postShort')}
      </Badge>
    </Tooltip>
  )
}

/** Whether a change is pending, in words beside the icon; clicking it marks or clears one. */
function PendingIcon({ project, onPending }) {
  const { t } = useTranslation()
  const label = t(project.pending ? 'agents.pending.on' : 'agents.pending.off')
  return (
    <Tooltip label={label} withArrow>
      <Button size="compact-sm" variant={project.pending ? 'filled' : 'subtle'} color={project.pending ? 'orange' : 'gray'}
        aria-label={label} aria-pressed={Boolean(project.pending)} className="agent-pending"
        leftSection={<LineIcon name="pending" size={16} />} onClick={() => onPending(project)}>
        {t(project.pending ? 'agents.pending.onShort' : 'agents.pending.offShort')}
      </Button>
    </Tooltip>
  )
}

function Message({ project }) {
  const { t } = useTranslation()
  const message = project.post?.message ?? ''
  if (!message && isGeneric(project)) {
    // A page's agent has no post of its own: say what it answers instead of an empty cell.
    return <Text size="sm" c="dimmed" className="agent-message">{t('agents.type.generic')}</Text>
  }
  return (
    <Text size="sm" title={message || undefined} className="agent-message" style={{ overflowWrap: 'anywhere' }}>
      {cutMessage(message)}
    </Text>
  )
}

export default function AgentTable({ agents, handlers, busyId }) {
  const { t, i18n } = useTranslation()
  const phone = useMediaQuery('(max-width: 62em)')
  const date = (value) => formatDate(value, i18n.language)
  const nameOf = (project) => cutMessage(project.post?.message ?? '') || t('agents.type.generic')

  if (phone) {
    return (
      <Stack gap="sm" className="agents__cards">
        {agents.map((project) => (
          <Paper key={project._id} withBorder radius="md" p="sm" className="agent-row" data-id={project._id}>
            <Group wrap="nowrap" align="flex-start" gap="sm" mb="xs">
              <Picture project={project} />
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Message project={project} />
                <Text size="xs" c="dimmed">{t('agents.columns.date')}: {date(postDate(project))}</Text>
                <Text size="xs" c="dimmed">
                  {t('agents.columns.created')}: {date(project.createDate)} · {t('agents.columns.updated')}: {date(project.lastUpdate)}
                </Text>
              </Stack>
            </Group>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap={6} wrap="wrap">
                <TypeIcon project={project} />
                <PendingIcon project={project} onPending={handlers.onPending} />
                <AgentStatusButton project={project} onToggle={handlers.onToggle} busy={busyId === project._id} />
              </Group>
              <AgentActions project={project} name={nameOf(project)} {...handlers} />
            </Group>
          </Paper>
        ))}
      </Stack>
    )
  }

  return (
    <Table className="agents__table" verticalSpacing="sm" horizontalSpacing="xs" withTableBorder highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('agents.columns.picture')}</Table.Th>
          <Table.Th>{t('agents.columns.date')}</Table.Th>
          <Table.Th>{t('agents.columns.message')}</Table.Th>
          <Table.Th>{t('agents.columns.created')}</Table.Th>
          <Table.Th>{t('agents.columns.updated')}</Table.Th>
          <Table.Th>{t('agents.columns.type')}</Table.Th>
          <Table.Th>{t('agents.columns.pending')}</Table.Th>
          <Table.Th>{t('agents.columns.status')}</Table.Th>
          <Table.Th>{t('agents.columns.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {agents.map((project) => (
          <Table.Tr key={project._id} className="agent-row" data-id={project._id}>
            <Table.Td><Picture project={project} /></Table.Td>
            <Table.Td><Text size="sm">{date(postDate(project))}</Text></Table.Td>
            <Table.Td maw={260}><Message project={project} /></Table.Td>
            <Table.Td><Text size="sm">{date(project.createDate)}</Text></Table.Td>
            <Table.Td><Text size="sm">{date(project.lastUpdate)}</Text></Table.Td>
            <Table.Td><TypeIcon project={project} /></Table.Td>
            <Table.Td><PendingIcon project={project} onPending={handlers.onPending} /></Table.Td>
            <Table.Td>
              <AgentStatusButton project={project} onToggle={handlers.onToggle} busy={busyId === project._id} />
            </Table.Td>
            <Table.Td><AgentActions project={project} name={nameOf(project)} {...handlers} /></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
