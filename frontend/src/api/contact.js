/** Calls of the contact blueprint (public, no Bearer needed; spec 000 §7). */
import { client } from './client'

export const contactApi = {
  add: (contact) => client.post('/contact/addContact', { ...contact, status: false }),
}
