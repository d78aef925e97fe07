/** Step 3: the chat simulator (beside it, the replay on past comments in a drawer) and Finish; after Finish a spinner for 1.5 s, then a side panel offering to activate
 *  the agent now or later (update now or later when it is already active); both go to My agents with the page
 *  (spec 001 §2 step 3, §4, §8). */
import { Button, Drawer, Group, Loader, Overlay, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { wizardApi } from '../../api/wizard'
import { useFeedbackStore } from '../../stores/feedback'
import { useWizardStore } from '../../stores/wizard'
import SuggestionsButton from '../proposals/SuggestionsButton'
import ReplayDrawer from '../replay/ReplayDrawer'
import ChatSimulator from './ChatSimulator'
import RetryAlert from './RetryAlert'
import StepActions from './StepActions'
import { FINISH_SPINNER_MS } from './rules'

const REFUSALS = { agent_limit: 'wizard.errors.limit', plan_expired: 'wizard.errors.expired', no_intents: 'wizard.errors.atLeastOneIntent' }

export default function TestStep({ page, projectId, idPost, onBack }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const showAlert = useFeedbackStore((s) => s.showAlert)
  const { receivedMessage, addMessages, finish, setFinish } = useWizardStore()
  const [spinning, setSpinning] = useState(false)
  const [wasLive, setWasLive] = useState(false)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState(null)
  const [replaying, setReplaying] = useState(false)
  const timer = useRef(null)

  useEffect(() => {
    wizardApi.project(projectId).then((project) => setWasLive(Boolean(project?.live)))
      .catch((error) => console.warn('project not read', error))
    return () => clearTimeout(timer.current)
  }, [projectId])

  function startFinish() {
    setSpinning(true)
    timer.current = setTimeout(() => {
      setSpinning(false)
      setFinish(true)
    }, FINISH_SPINNER_MS)
  }

  const leave = () => {
    setFinish(false)
    navigate('/home/my-agents', { state: { page } })
  }

  async function now() {
    setBusy(true)
    setRefusal(null)
    try {
      const answer = await (wasLive ? wizardApi.live(projectId, true, false) : wizardApi.live(projectId, true))
      if (answer?.status === false) return setRefusal(REFUSALS[answer.code] ?? 'wizard.errors.activate')
      leave()
    } catch (error) {
      console.warn('activation failed', error)
      showAlert('wizard.errors.activate')
    } finally {
      setBusy(false)
    }
  }

  const mode = wasLive ? 'update' : 'activate'
  return (
    <Stack gap="md" pos="relative">
      <ChatSimulator idPost={idPost} messages={receivedMessage} onMessages={addMessages} />
      <Group justify="space-between" gap="xs" wrap="wrap" className="wizard__replay">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>{t('replay.fromWizardHelp')}</Text>
        <Button variant="light" color="grape" onClick={() => setReplaying(true)}>{t('replay.fromWizard')}</Button>
      </Group>
      <ReplayDrawer agentId={projectId} opened={replaying} onClose={() => setReplaying(false)} />
      <SuggestionsButton projectId={projectId} />
      <StepActions onBack={onBack} draft={false} onNext={startFinish} nextLabel={t('wizard.test.finish')} loading={spinning} />
      {spinning && (
        <Overlay fixed center backgroundOpacity={0.35} blur={1} zIndex={300}>
          <Loader size="lg" color="white" aria-label={t('wizard.test.finishing')} />
        </Overlay>
      )}
      <Drawer opened={finish} onClose={() => setFinish(false)} position="right" size="sm"
        title={<Text fw={700}>{t(`wizard.panel.${mode}Title`)}</Text>} className="wizard__panel">
        <Text mb="lg">{t(`wizard.panel.${mode}Text`)}</Text>
        <RetryAlert messageKey={refusal} onRetry={now} onClose={() => setRefusal(null)} />
        <Group grow>
          <Button variant="default" onClick={leave}>{t('wizard.panel.later')}</Button>
          <Button onClick={now} loading={busy}>{t(`wizard.panel.${mode}Now`)}</Button>
        </Group>
      </Drawer>
    </Stack>
  )
}
