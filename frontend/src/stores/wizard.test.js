import { beforeEach, describe, expect, it } from 'vitest'
import { useWizardStore } from './wizard'

const page = { idPage: '1', id: '1', name: 'A', platform: 'facebook' }
const post = { idPost: '1_2', message: 'Hi' }

beforeEach(() => useWizardStore.getState().resetAll())

describe('wizard state (spec 001 §4)', () => {
  it('starts reset with the chosen intent type', () => {
    useWizardStore.setState({ step: 3, projectId: 7 })
    useWizardStore.getState().start('generic')
    expect(useWizardStore.getState()).toMatchObject({ intentType: 'generic', step: 0, projectId: null })
  })

  it('goes next while below 4 and to a step while below 4', () => {
    const wizard = useWizardStore.getState()
    for (let i = 0; i < 6; i += 1) wizard.next()
    expect(useWizardStore.getState().step).toBe(4)
    wizard.goTo(1)
    expect(useWizardStore.getState().step).toBe(4)
    useWizardStore.setState({ step: 2 })
    wizard.goTo(1)
    expect(useWizardStore.getState().step).toBe(1)
  })

  it('goes back one step clearing the page and the post, and reset returns to step 0', () => {
    const wizard = useWizardStore.getState()
    wizard.selectPage(page)
    wizard.selectPost(post)
    useWizardStore.setState({ step: 2 })
    wizard.previous()
    expect(useWizardStore.getState()).toMatchObject({ step: 1, selectedPage: null, selectedPost: null })
    wizard.reset()
    expect(useWizardStore.getState().step).toBe(0)
  })

  it('opens an agent from the list at step 3 with its project, type, page and post together', () => {
    useWizardStore.getState().openProject({ projectId: 9, intentType: 'default', page, post })
    expect(useWizardStore.getState()).toMatchObject({ step: 3, projectId: 9, intentType: 'default', selectedPage: page,
      selectedPost: post, fromAgents: true })
  })

  it('forgets the agent when another post is chosen, and keeps the Quiz exclusion flags', () => {
    const wizard = useWizardStore.getState()
    wizard.selectPage(page)
    wizard.selectPost(post)
    wizard.setProject(5)
    wizard.selectPost({ idPost: '1_3' })
    expect(useWizardStore.getState().projectId).toBeNull()
    wizard.setIntents([{ key: 'quiz' }])
    expect(useWizardStore.getState()).toMatchObject({ disableIntents: true, disableQuiz: false })
  })

  it('is persisted under the state key', () => {
    useWizardStore.getState().start('default')
    useWizardStore.getState().selectPage(page)
    const stored = JSON.parse(localStorage.getItem('state')).wizard.state
    expect(stored).toMatchObject({ intentType: 'default', selectedPage: page, step: 0 })
  })
})
