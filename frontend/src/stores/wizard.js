/** The wizard's client state (spec 001 §3 "Client-side wizard state", §4 "Wizard"), persisted under `state` on every
 *  change and restored at start. My agents and My products call resetAll() on entry; My agents opens an agent at
 *  step 3 (or 2) with openProject(). */
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { exclusions, postIdOf, STEPS } from '../components/wizard/rules'
import { underState } from './stateStorage'

const LAST_STEP = STEPS // the state allows up to 4

const initial = {
  intentType: null,
  step: 0,
  selectedPage: null,
  selectedPost: null,
  pagePosts: [],
  projectId: null,
  existingProject: null,
  existingIntents: [],
  activePosts: {},
  intents: [],
  receivedMessage: [],
  finish: false,
  configDone: false,
  disableQuiz: false,
  disableIntents: false,
  projectGenerated: false,
  fromAgents: false,
}

export const useWizardStore = create(
  persist(
    (set, get) => ({
      ...initial,
      /** The popup's choice: the whole wizard is reset, then the intent type stored. */
      start(intentType) {
        set({ ...initial, intentType })
      },
      next() {
        if (get().step < LAST_STEP) set({ step: get().step + 1 })
      },
      goTo(step) {
        if (get().step < LAST_STEP) set({ step })
      },
      previous() {
        if (get().step > -1) set({ step: get().step - 1, selectedPage: null, selectedPost: null })
      },
      reset() {
        set({ step: 0 })
      },
      resetAll() {
        set({ ...initial })
      },
      /** From the agents list: step, project, intent type, page and post set together. */
      openProject({ step = 3, projectId, intentType, page, post = null }) {
        set({ ...initial, step, projectId, intentType, selectedPage: page, selectedPost: post, fromAgents: true,
          projectGenerated: true })
      },
      selectPage(selectedPage) {
        // Another page means another post and another agent.
        if (get().selectedPage?.id !== selectedPage?.id) {
          set({ selectedPage, selectedPost: null, projectId: null, projectGenerated: false, intents: [], configDone: false })
        }
      },
      clearPage() {
        set({ selectedPage: null })
      },
      selectPost(selectedPost) {
        if (postIdOf(get().selectedPost) !== postIdOf(selectedPost)) {
          set({ selectedPost, projectId: null, projectGenerated: false, intents: [], configDone: false })
        }
      },
      clearPost() {
        set({ selectedPost: null })
      },
      setPosts(pagePosts, activePosts) {
        set({ pagePosts, activePosts })
      },
      setProject(projectId, existingProject = null) {
        set({ projectId, existingProject, projectGenerated: true,
          existingIntents: existingProject?.intents ?? [] })
      },
      setIntents(intents) {
        set({ intents: intents ?? [], ...exclusions(intents) })
      },
      setConfigDone(configDone) {
        set({ configDone })
      },
      addMessages(messages) {
        set({ receivedMessage: [...get().receivedMessage, ...messages] })
      },
      setFinish(finish) {
        set({ finish })
      },
    }),
    {
      name: 'wizard',
      storage: underState,
      partialize: (state) => Object.fromEntries(Object.keys(initial).map((key) => [key, state[key]])),
    },
  ),
)
