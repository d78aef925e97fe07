/** Calls of the contact blueprint (public, no Bearer needed; spec 000 §7). */
import { client } from './client'
import { ApiError } from './errors'

const INVALID = 422

export const contactApi = {
  /** Resolves with the server's message; an invalid field rejects with an ApiError whose `key` is the first
   *  invalid field's message key (validNameErr ... validMsgErr), as the 422 answer names it. */
  async add(contact) {
    const answer = await client.post('/contact/addContact', { ...contact, status: false }, {
      validateStatus: (status) => (status >= 200 && status < 300) || status === INVALID,
    })
    if (answer?.code === INVALID) {
      const error = new ApiError(String(answer.message || 'Invalid request'), { code: INVALID, status: INVALID })
      error.key = answer.key ?? null
      throw error
    }
    return answer
  },
}
