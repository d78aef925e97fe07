/** The Suggestions screen's state: the agent's open proposals by kind and the page's products (not persisted:
 *  they are computed afresh each time the screen opens). */
import { create } from 'zustand'
import { proposalsApi } from '../api/proposals'
import { KINDS, withoutProposal } from '../components/proposals/proposalModel'

const none = () => Object.fromEntries(KINDS.map((kind) => [kind, []]))

export const useProposalsStore = create((set, get) => ({
  agentId: null,
  byKind: none(),
  products: [],
  minCommenters: 2,
  loadState: 'idle', // idle | loading | ready | error

  async load(agentId) {
    set({ agentId, loadState: 'loading', ...(get().agentId === agentId ? {} : { byKind: none(), products: [] }) })
    try {
      const answer = await proposalsApi.list(agentId)
      set({ byKind: { ...none(), ...answer.data }, products: answer.products ?? [],
        minCommenters: answer.minCommenters ?? 2, loadState: 'ready' })
    } catch (error) {
      console.warn('proposals not loaded', error)
      set({ loadState: 'error' })
    }
  },

  /** Accept or reject; the decided proposal leaves the list. Throws the API's error for the card to say. */
  async decide(proposal, verb, body) {
    const { agentId } = get()
    if (verb === 'accept') await proposalsApi.accept(agentId, proposal._id, body)
    else await proposalsApi.reject(agentId, proposal._id)
    set({ byKind: withoutProposal(get().byKind, proposal._id) })
  },
}))
