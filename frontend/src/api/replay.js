/** Calls of the replay blueprint (docs/contracts.md "Replay before going live"): an agent replayed over its page's
 *  past comments, sending nothing. */
import { client } from './client'

const base = (agentId) => `/secure/agents/${encodeURIComponent(agentId)}/replays`

export const replayApi = {
  /** Starts a replay; a 409 (code replay_running) while one runs. */
  start: (agentId) => client.post(base(agentId)),
  /** `{ replay }`: the latest replay (null when never replayed) with its progress, summary, samples and changes. */
  latest: (agentId) => client.get(`${base(agentId)}/latest`),
  cancel: (agentId, replayId) => client.post(`${base(agentId)}/${replayId}/cancel`),
  /** One page of a group: answered, hidden, unanswered (with a reason), new, lost, changed. */
  comments: (agentId, replayId, params) => client.get(`${base(agentId)}/${replayId}/comments`, { params }),
}
