/** Calls of the pages blueprint (spec 000 §7): lists grouped by status, connect, delete, make owner,
 *  preferences and public reply. Facebook calls go under /pages, Instagram ones under /pagesInsta. */
import { client } from './client'

const prefixOf = (platform) => (platform === 'instagram' ? 'pagesInsta' : 'pages')

export const pagesApi = {
  /** { facebookPages, instaPages }, each grouped by status. */
  all: () => client.get('/secure/pages/test/get/all/'),
  /** The same shape, connected pages only. */
  connected: () => client.get('/secure/pages/test/connect/get/all/'),
  connect: (platform, id) => client.post(`/secure/${prefixOf(platform)}/connect/`, { id }),
  disconnect: (platform, id) => client.post(`/secure/${prefixOf(platform)}/disconnect/disconnect`, { id }),
  remove: (platform, id) => client.post(`/secure/${prefixOf(platform)}/disconnect/delete`, { id }),
  makeOwner: (platform, id, idFacebook) =>
    client.post(`/secure/${prefixOf(platform)}/disconnect/owner`, { id, idFacebook }),
  preferences: (idPage, platform, payload) => client.put(`/secure/pages/preference/${idPage}/${platform}`, payload),
  publicReply: (idPage, platform, statut, message) =>
    client.put(`/secure/pages/publicreply/${idPage}/${platform}`, { statut, message }),
}
