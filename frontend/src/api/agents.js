/** Calls of the agents (projects) blueprint (spec 001 §7 "Agents"); each answer's body is the payload itself. */
import { client } from './client'

const id = (value) => encodeURIComponent(value)

export const agentsApi = {
  /** The page's projects. */
  list: (pageId) => client.get(`/secure/pages/get/project/${id(pageId)}`),
  get: (projectId) => client.get(`/secure/project/get/project/${id(projectId)}`),
  /** Deletes the project; the answer is the page's updated list. */
  remove: (project) => client.put('/secure/project/remove/project', { project }),
  /** Activates or deactivates (and with `pending`, sets the pending flag); the answer is `{status, msg}`. */
  setLive: (projectId, live, pending) =>
    client.put(`/secure/project/agent/live/${id(projectId)}`, pending === undefined ? { live } : { live, pending }),
}
