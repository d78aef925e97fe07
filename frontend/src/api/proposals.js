/** Calls of the proposals blueprint (docs/contracts.md "Proposals"): what an agent missed, to accept or reject. */
import { client } from './client'

const id = (value) => encodeURIComponent(value)
const base = (agentId) => `/secure/agents/${id(agentId)}/proposals`

export const proposalsApi = {
  /** `{data: {synonym, intent, phrasing}, products, minCommenters}`, computed afresh. */
  list: (agentId) => client.get(base(agentId)),
  /** Body: `productId` (synonym), `genericAnswer` (intent), `intent` (phrasing); all optional. */
  accept: (agentId, proposalId, body = {}) => client.post(`${base(agentId)}/${id(proposalId)}/accept`, body),
  reject: (agentId, proposalId) => client.post(`${base(agentId)}/${id(proposalId)}/reject`, {}),
}
