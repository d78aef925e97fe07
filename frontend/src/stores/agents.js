/** Agent state (spec 001 §3): the page's projects, the selected project, its logs and their split into matched and
 *  not matched with the intent names of each; persisted under `state` like every store, so the agent messages
 *  screen survives a reload. */
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { mergeLogs, splitLogs } from '../components/agentMessages/commentModel'
import { underState } from './stateStorage'

const empty = { projects: [], selectedProject: null, projectLogs: [], ...splitLogs([]) }

export const useAgentsStore = create(
  persist(
    (set, get) => ({
      ...empty,
      setProjects(projects) {
        set({ projects: Array.isArray(projects) ? projects : [] })
      },
      /** Choosing another agent forgets the previous one's logs. */
      selectProject(selectedProject) {
        const same = get().selectedProject?._id === selectedProject?._id
        set(same ? { selectedProject } : { selectedProject, projectLogs: [], ...splitLogs([]) })
      },
      setLogs(logs) {
        const projectLogs = Array.isArray(logs) ? logs : []
        set({ projectLogs, ...splitLogs(projectLogs) })
      },
      /** New or changed logs (live updates, a manual answer's updated log) merged into the list. */
      mergeLogs(incoming) {
        const projectLogs = mergeLogs(get().projectLogs, incoming)
        set({ projectLogs, ...splitLogs(projectLogs) })
      },
      clear() {
        set(empty)
      },
    }),
    {
      name: 'agents',
      storage: underState,
      partialize: ({ projects, selectedProject, projectLogs, matched, notMatched, matchedIntents,
        notMatchedIntents }) => ({ projects, selectedProject, projectLogs, matched, notMatched, matchedIntents,
        notMatchedIntents }),
    },
  ),
)
