/** /home/my-agents: the agents of the page selected on the dashboard (spec 001 §2 "My agents", §4 "Agent status",
 *  §8). A click on the status activates or deactivates (a refusal of the plan is said with a retry), the pending
 *  icon asks yes/no, delete asks for a confirmation; view comments opens the agent messages screen; replay opens the
 *  replay on past comments in a drawer. */
import { Alert, Button, Group, Text, Title } from '@mantine/core'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { agentsApi } from '../../api/agents'
import { teamPageOf } from '../../api/membership'
import AgentTable from '../../components/agents/AgentTable'
import EmptyAgents from '../../components/agents/EmptyAgents'
import ConfirmModal from '../../components/common/ConfirmModal'
import Loaded from '../../components/common/Loaded'
import ReplayDrawer from '../../components/replay/ReplayDrawer'
import { nextLive, pendingToggle, refusalKey, visibleAgents } from '../../components/agents/agentModel'
import Page from '../../components/layout/Page'
import { suggestionsPath } from '../../components/proposals/proposalModel'
import { cutName } from '../../components/pages/pageModel'
import { useLoaded } from '../../hooks/useLoaded'
import { useAgentsStore } from '../../stores/agents'
import { useFeedbackStore } from '../../stores/feedback'
import { useSessionStore } from '../../stores/session'

export default function MyAgentsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const page = teamPageOf(useSessionStore((s) => s.selectedPage))
  const { projects, setProjects, selectProject } = useAgentsStore()
  const showAlert = useFeedbackStore((s) => s.showAlert)
  const [busyId, setBusyId] = useState(null)
  const [refusal, setRefusal] = useState(null) // { messageKey, msg, retry }
  const [pendingOf, setPendingOf] = useState(null)
  const [toDelete, setToDelete] = useState(null)
  const [deleting, setDeleting] = useState(false)
  const [replayOf, setReplayOf] = useState(null) // { project, name }
  const pageId = page?.id

  // The page's agents, kept in the agents store; after a change they reload quietly, the table staying on screen.
  const loaded = useLoaded(useCallback(() => (pageId ? agentsApi.list(pageId).then(setProjects) : null),
    [pageId, setProjects]))
  const reloadQuietly = () => loaded.reload({ quiet: true })

  /** One live call: a refusal (status false) is said with a retry of the same call, anything else reloads. */
  async function sendLive(project, live, pending) {
    setBusyId(project._id)
    setRefusal(null)
    try {
      const answer = await agentsApi.setLive(project._id, live, pending)
      if (answer?.status === false) {
        setRefusal({ messageKey: refusalKey(answer), msg: answer.msg, retry: () => sendLive(project, live, pending) })
      } else reloadQuietly()
    } catch (error) {
      console.warn('agent live not changed', error)
      showAlert('agents.activateError')
    } finally {
      setBusyId(null)
    }
  }

  const handlers = {
    onToggle(project) {
      const live = nextLive(project)
      if (live !== null) sendLive(project, live)
    },
    onPending: setPendingOf,
    onEdit(project) {
      selectProject(project)
      navigate('/home/auto-wizard', { state: { fromMyAgents: true, projectId: project._id } })
    },
    onComments(project) {
      selectProject(project)
      navigate('/home/my-agents-messages')
    },
    onSuggestions: (project) => navigate(suggestionsPath(project._id)),
    onReplay: (project, name) => setReplayOf({ project, name }),
    onDelete: setToDelete,
  }

  function confirmPending() {
    const project = pendingOf
    setPendingOf(null)
    const { live, pending } = pendingToggle(project)
    sendLive(project, live, pending)
  }

  async function confirmDelete() {
    setDeleting(true)
    try {
      const list = await agentsApi.remove(toDelete)
      if (Array.isArray(list)) setProjects(list)
      else reloadQuietly()
      setToDelete(null)
    } catch (error) {
      console.warn('agent not deleted', error)
      setToDelete(null)
      showAlert('agents.deleteError')
    } finally {
      setDeleting(false)
    }
  }

  if (!page) {
    return (
      <Frame>
        <Alert variant="light" title={t('agents.noPage')} className="agents__noPage">
          <Button component={Link} to="/home/dashboard" size="xs">{t('agents.choosePage')}</Button>
        </Alert>
      </Frame>
    )
  }

  const agents = visibleAgents(projects)
  return (
    <Frame page={page}>
      {refusal && (
        <Alert color="red" variant="light" mb="md" role="alert" className="agents__refusal"
          withCloseButton closeButtonLabel={t('common.close')} onClose={() => setRefusal(null)}>
          <Text size="sm" mb="xs">{refusal.messageKey ? t(refusal.messageKey) : refusal.msg || t('agents.activateError')}</Text>
          <Button size="xs" color="red" onClick={refusal.retry}>{t('common.retry')}</Button>
        </Alert>
      )}
      <Loaded state={loaded.state} errorKey="agents.loadError" onRetry={loaded.reload}>
        {agents.length === 0 ? <EmptyAgents /> : <AgentTable agents={agents} handlers={handlers} busyId={busyId} />}
      </Loaded>

      <ReplayDrawer agentId={replayOf?.project._id} name={replayOf?.name} opened={Boolean(replayOf)}
        onClose={() => setReplayOf(null)} />
      <ConfirmModal onConfirm={confirmPending} onCancel={() => setPendingOf(null)}
        request={pendingOf && { titleKey: 'agents.pending.title', confirmKey: 'agents.yes', cancelKey: 'agents.no',
          textKey: pendingOf.pending ? 'agents.pending.askOff' : 'agents.pending.askOn' }} />
      <ConfirmModal busy={deleting} onConfirm={confirmDelete} onCancel={() => setToDelete(null)}
        request={toDelete && { titleKey: 'agents.deleteTitle', textKey: 'agents.deleteConfirm',
          confirmKey: 'agents.delete', danger: true }} />
    </Frame>
  )
}

function Frame({ page, children }) {
  const { t } = useTranslation()
  return (
    <Page maw={1240}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1}>{t('agents.title')}</Title>
          {page && (
            <Text c="dimmed" title={page.name}>{t('agents.ofPage', { name: cutName(page.name) })}</Text>
          )}
        </div>
        {page && <Button component={Link} to="/home/wizard-popup" variant="light">{t('agents.create')}</Button>}
      </Group>
      {children}
    </Page>
  )
}
