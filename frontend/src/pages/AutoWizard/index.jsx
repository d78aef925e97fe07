/** /home/auto-wizard: the four-step agent wizard (spec 001 §2 "Wizard", §4 "Wizard"). Without an intent type it
 *  sends the user to the wizard popup; from My agents (state { fromMyAgents, projectId }) it opens the agent at
 *  step 3. The page scrolls to the top on every step change. */
import { Loader, Stepper, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { pagesApi } from '../../api/pages'
import { wizardApi } from '../../api/wizard'
import Page from '../../components/layout/Page'
import ConfigStep from '../../components/wizard/ConfigStep'
import PageStep from '../../components/wizard/PageStep'
import PostStep from '../../components/wizard/PostStep'
import RetryAlert from '../../components/wizard/RetryAlert'
import SelectedTarget from '../../components/wizard/SelectedTarget'
import StepActions from '../../components/wizard/StepActions'
import TestStep from '../../components/wizard/TestStep'
import { GENERIC, postIdOf, projectPost, SPECIFIC, wizardPages } from '../../components/wizard/rules'
import { useFeedbackStore } from '../../stores/feedback'
import { useSessionStore } from '../../stores/session'
import { useWizardStore } from '../../stores/wizard'

const idOfAnswer = (answer) => (answer && typeof answer === 'object' ? answer._id ?? answer.id ?? answer.idProject : answer)

/** The wizard's page and post of an agent read from the server (spec 001 §3 "Project": its post). */
function targetOf(project, selectedPage) {
  const post = project.post ?? {}
  const page = { idPage: post.idPage, id: post.idPage, name: post.name, platform: post.typePage,
    picture: String(selectedPage?.id) === String(post.idPage) ? selectedPage.picture_url : null }
  const generic = project.intentType === GENERIC || post.idPost === post.idPage
  return { page, post: generic ? null : { idPost: post.idPost, message: post.message, picture: post.picture },
    intentType: generic ? GENERIC : SPECIFIC }
}

export default function AutoWizardPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const showAlert = useFeedbackStore((s) => s.showAlert)
  const wizard = useWizardStore()
  const { intentType, step, selectedPage, selectedPost, projectId, fromAgents } = wizard
  const [creating, setCreating] = useState(false)
  const [failure, setFailure] = useState(null)
  const opening = Boolean(location.state?.fromMyAgents && location.state?.projectId)
  const generic = intentType === GENERIC
  // On a phone the four steps show as numbers, with the current one named below them.
  const phone = useMediaQuery('(max-width: 36em)')

  useEffect(() => {
    window.scrollTo(0, 0)
  }, [step])

  // Opened from My agents: the agent's page and post, at step 3.
  useEffect(() => {
    if (!opening) return
    const { projectId: id } = location.state
    wizardApi.project(id).then((project) => {
      const { selectedPage: dashboardPage } = useSessionStore.getState()
      useWizardStore.getState().openProject({ projectId: id, ...targetOf(project, dashboardPage) })
      navigate(location.pathname, { replace: true, state: null })
    }).catch((error) => {
      console.warn('agent not opened', error)
      navigate('/home/my-agents', { replace: true })
    })
  }, [opening, location.state, location.pathname, navigate])

  // A page stored without its whiteSet flag (opened from My agents) gets it from the connected pages.
  useEffect(() => {
    if (!selectedPage || selectedPage.whiteSet !== undefined) return
    pagesApi.connected().then((data) => {
      const fresh = wizardPages(data, selectedPage.platform)
        .find((entry) => String(entry.idPage ?? entry.id) === String(selectedPage.idPage ?? selectedPage.id))
      if (fresh) useWizardStore.setState({ selectedPage: { ...selectedPage, ...fresh } })
    }).catch((error) => console.warn('pages not read', error))
  }, [selectedPage])

  const onIntents = useCallback((intents) => useWizardStore.getState().setIntents(intents), [])
  const onPostsLoaded = useCallback((posts, active) => useWizardStore.getState().setPosts(posts, active), [])

  if (opening) return <Page><Loader aria-label={t('common.loading')} /></Page>
  if (!intentType) return <Navigate to="/home/wizard-popup" replace />

  async function enterConfig() {
    setFailure(null)
    if (projectId) return wizard.goTo(2)
    setCreating(true)
    try {
      const id = idOfAnswer(await wizardApi.addProject(projectPost(selectedPage, selectedPost, intentType)))
      wizard.setProject(id)
      wizard.goTo(2)
    } catch (error) {
      console.warn('agent not created', error)
      // A teammate made this post's agent meanwhile: trying again cannot help.
      if (error.code === 'agent_exists') setFailure({ messageKey: 'wizard.errors.agentExists' })
      else setFailure({ messageKey: 'wizard.errors.project', retry: enterConfig })
    } finally {
      setCreating(false)
    }
  }

  function nextFromPage() {
    if (!selectedPage) return showAlert('wizard.errors.selectPage')
    return generic ? enterConfig() : wizard.next()
  }

  function nextFromPost() {
    if (!selectedPost) return setFailure({ messageKey: 'wizard.errors.selectPost', retry: () => setFailure(null) })
    return enterConfig()
  }

  function backFromConfig() {
    if (fromAgents) return navigate('/home/my-agents', { state: { fromWizard: true } })
    return wizard.goTo(generic ? 0 : 1)
  }

  const shown = Math.min(Math.max(step, 0), 3)
  const steps = [
    [t('wizard.steps.page'), t('wizard.steps.pageHelp')],
    [t('wizard.steps.post'), generic ? t('wizard.steps.postGeneric') : t('wizard.steps.postHelp')],
    [t('wizard.steps.config'), t('wizard.steps.configHelp')],
    [t('wizard.steps.test'), t('wizard.steps.testHelp')],
  ]
  const idPost = generic ? String(selectedPage?.idPage ?? selectedPage?.id ?? '') : postIdOf(selectedPost)
  return (
    <Page maw={1100}>
      <Title order={1} mb="lg">{t('wizard.title')}</Title>
      <Stepper active={shown} size="sm" mb={phone ? 'xs' : 'xl'} allowNextStepsSelect={false} className="wizard__stepper">
        {steps.map(([label, description]) => (
          <Stepper.Step key={label} label={phone ? null : label} description={phone ? null : description}
            aria-label={label} />
        ))}
      </Stepper>
      {phone && <Text fw={600} mb="lg" className="wizard__stepName">{t('wizard.stepOf', { n: shown + 1, label: steps[shown][0] })}</Text>}
      {shown > 0 && <SelectedTarget page={selectedPage} post={selectedPost} intentType={intentType} />}
      <RetryAlert messageKey={failure?.messageKey} onRetry={failure?.retry} onClose={() => setFailure(null)} />
      {shown === 0 && (
        <>
          <PageStep selected={selectedPage} onSelect={(page) => { setFailure(null); wizard.selectPage(page) }} />
          <StepActions onBack={() => navigate('/home/wizard-popup')} onNext={nextFromPage} loading={creating} />
        </>
      )}
      {shown === 1 && selectedPage && (
        <>
          <PostStep page={selectedPage} selected={selectedPost} onLoaded={onPostsLoaded}
            onSelect={(post) => { setFailure(null); wizard.selectPost(post) }} />
          <StepActions onBack={() => wizard.previous()} onNext={nextFromPost} loading={creating} />
        </>
      )}
      {shown === 2 && selectedPage && projectId && (
        <ConfigStep page={selectedPage} projectId={projectId} intentType={intentType} onIntents={onIntents}
          onBack={backFromConfig} onDone={() => { wizard.setConfigDone(true); wizard.goTo(3) }} />
      )}
      {shown === 3 && selectedPage && projectId && (
        <TestStep page={selectedPage} projectId={projectId} idPost={idPost} onBack={() => wizard.goTo(2)} />
      )}
      {shown > 0 && !(selectedPage && (shown === 1 || projectId)) && <Navigate to="/home/wizard-popup" replace />}
    </Page>
  )
}
