/** Calls of the wizard (spec 001 §7 "Wizard", and the catalogue's categories of a page): posts, the intent
 *  catalogues, the agent (project) and its intents and product answers, training and the chat simulator. */
import { client } from './client'
import { GENERIC } from '../components/wizard/rules'

/** Some answers are `{ data: X }` (the spec's data.data), others X itself: the wizard reads X either way. */
export const unwrap = (answer) =>
  answer && typeof answer === 'object' && !Array.isArray(answer) && 'data' in answer ? answer.data : answer

const get = (url) => client.get(url).then(unwrap)
const put = (url, body) => client.put(url, body).then(unwrap)
// The training calls sit at the server's root, outside /api/v1 (they stand for the original's training server).
const ROOT = { baseURL: '' }

export const wizardApi = {
  posts: (pageId, platform) => get(`/secure/post/get/${pageId}/${platform}/all`),
  /** The intent catalogue of the type: generic, or specific ("default"). */
  intents: (intentType) => get(intentType === GENERIC ? '/intent/generiqueintent/all' : '/intent/defaulintent/all'),
  /** The page's agents by post, or the text 'project not found'. */
  activeProjects: (pageId) => get(`/secure/project/get/activeproject/${pageId}`),
  project: (projectId) => get(`/secure/project/get/project/${projectId}`),
  /** Creates the agent of a post (or of the page: generic); answers the new project id. */
  addProject: (post) => client.post('/secure/project/add', { post }).then(unwrap),
  genericAdd: (projectId, body) => put(`/secure/project/generiqueadd/${projectId}`, body),
  genericUpdate: (projectId, body) => put(`/secure/project/generiqueupdate/${projectId}`, body),
  removeIntent: (projectId, intent) => put(`/secure/project/intents/remove/${projectId}`, { intent }),
  removeAnswer: (projectId, intent, answer) => put(`/secure/project/${projectId}/remove/entity`, { intent, answer }),
  /** A product answer's first save: 'exist', 'not exist' (then update() with its category) or the project. */
  firstUpdate: (projectId, body) => put(`/secure/project/firstupdate/${projectId}`, body),
  update: (projectId, body) => put(`/secure/project/update/${projectId}`, body),
  entitiesUpdate: (projectId, body) => put(`/secure/project/entitiesupdate/${projectId}`, body),
  /** The page's catalogue; categories flagged default are dropped. */
  categories: (platform, pageId) =>
    get(`/secure/project/get/entitiesproject/${platform}/${pageId}`)
      .then((list) => (Array.isArray(list) ? list.filter((category) => !category.default) : [])),
  train: (generic, body) => client.post(generic ? '/trainagentpag' : '/trainagentpos', body, ROOT),
  /** The chat simulator: idPost is the page id for a generic agent, the post id otherwise. */
  /** The agent's reply to a test comment with the comment's why (the why alone when it would not answer). */
  test: (text, idPost) =>
    client.post('/secure/logEvent/test/wizard?why=true', { message: { text }, idPost }).then(unwrap),
  live: (projectId, live, pending) =>
    client.put(`/secure/project/agent/live/${projectId}`, pending === undefined ? { live } : { live, pending }),
}
