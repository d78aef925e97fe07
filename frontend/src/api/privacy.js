/** The status of a data deletion request Meta forwarded (public: its confirmation code is the key). */
import { client } from './client'

export const privacyApi = {
  /** { confirmationCode, status: pending | done, requestedAt, completedAt, deleted: { account, comments, profiles } } */
  deletion: (code) => client.get(`/deletion/${encodeURIComponent(code)}`),
}
