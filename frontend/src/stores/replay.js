/** Replays by agent id: the latest one as the server answered it, shared by the wizard's last step and My agents
 *  (not persisted: a replay is read again when its panel opens). */
import { create } from 'zustand'

export const useReplayStore = create((set) => ({
  replays: {},
  setReplay(agentId, replay) {
    set((state) => ({ replays: { ...state.replays, [agentId]: replay ?? null } }))
  },
}))
