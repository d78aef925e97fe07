/** Step 3: the chat simulator (beside it, the replay on past comments in a drawer) and Finish; after Finish a spinner for 1.5 s, then a side panel offering to activate
 *  the agent now or later (update now or later when it is already live); both go to My agents with the page
 *  (spec 001 §2 step 3, §4, §8). The server trains an agent it sets live (so "Activate now" works from this step
 *  even when the configuration step's Next was skipped); the panel says the agent is active only when the server's
 *  answer says it is live and trained, and says what is missing otherwise. */
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

const REFUSALS = { agent_limit: 'wizard.errors.limit', plan_expired: 'wizard.errors.expired', no_intents: 'activation.noIntents' }

/** What the panel says of the agent as the server has it: off, live and answering, or live but never trained. */
export function standingOf(project) {
  if (!project?.live) return 'activate'
  return project.trained || project.trainedVersion != null ? 'update' : 'untrained'
}

export default function TestStep({ page, projectId, idPost, onBack }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const showAlert = useFeedbackStore((s) => s.showAlert)
  const { receivedMessage, addMessages, finish, setFinish } = useWizardStore()
  const [spinning, setSpinning] = useState(false)
  const [standing, setStanding] = useState('activate')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState(null)
  const [replaying, setReplaying] = useState(false)
  const timer = useRef(null)

  useEffect(() => {
    wizardApi.project(projectId).then((project) => setStanding(standingOf(project)))
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
      const answer = await (standing === 'activate' ? wizardApi.live(projectId, true) : wizardApi.live(projectId, true, false))
      if (answer?.status === false) return setRefusal({ key: REFUSALS[answer.code] ?? answer.msg ?? 'wizard.errors.activate', code: answer.code })
      // Only the server's word makes the agent active: live and trained on what the owner set.
      if (!(answer?.live && answer?.trained)) return setRefusal({ key: 'activation.notTrained' })
      useFeedbackStore.getState().toast('activation.active', 'success')
      leave()
    } catch (error) {
      console.warn('activation failed', error)
      showAlert('wizard.errors.activate')
    } finally {
      setBusy(false)
    }
  }

  const mode = standing === 'activate' ? 'activate' : 'update'
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
        <Text mb="lg" className="wizard__standing" data-standing={standing}>{t(`activation.${standing}Text`)}</Text>
        {/* Without an intent a retry cannot help: the way is back to the configuration step. */}
        <RetryAlert messageKey={refusal?.key} onClose={() => setRefusal(null)}
          onRetry={refusal?.code === 'no_intents' ? null : now} />
        {refusal?.code === 'no_intents' && (
          <Button variant="light" mb="md" fullWidth onClick={() => { setFinish(false); onBack() }}>{t('activation.toConfig')}</Button>
        )}
        {/* One under the other: "Mettre à jour maintenant" does not fit half a phone's drawer. */}
        <Stack gap="xs">
          <Button onClick={now} loading={busy}>{t(`wizard.panel.${mode}Now`)}</Button>
          <Button variant="default" onClick={leave}>{t('wizard.panel.later')}</Button>
        </Stack>
      </Drawer>
    </Stack>
  )
}
