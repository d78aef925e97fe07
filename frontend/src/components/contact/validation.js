/** The contact form's fields and its client-side check (spec 000 §5 "Contact form"): the fields are checked in
 *  this order and the first failure's message key is the one shown. */
import { isEmail } from '../../utils/email'

export const EMPTY_CONTACT = { name: '', last_name: '', org: '', email: '', phone: '', subject: '', msg: '' }

// spec 000 §5: "The ask-for-demo button sets subject and message to 'demande demo'."
export const DEMO_REQUEST = 'demande demo'

const filled = (value) => String(value ?? '').trim() !== ''

export const CHECKS = [
  ['name', 'validNameErr', filled],
  ['last_name', 'validLastNameErr', filled],
  ['org', 'validOrgErr', filled],
  ['email', 'validEmailErr', isEmail],
  ['phone', 'validPhoneErr', filled],
  ['subject', 'validSubjectErr', filled],
  ['msg', 'validMsgErr', filled],
]

/** The first invalid field and its message key, or null when the form may be sent. */
export function firstInvalid(contact) {
  const failed = CHECKS.find(([field, , valid]) => !valid(contact[field] ?? ''))
  return failed ? { field: failed[0], key: failed[1] } : null
}

/** A phone is typed with digits only (spec: numeric input); a leading + for the country code is kept. */
export function phoneDigits(value) {
  const text = String(value ?? '')
  return (text.trimStart().startsWith('+') ? '+' : '') + text.replace(/\D/g, '')
}

/** What is sent: every field trimmed. */
export function trimmed(contact) {
  return Object.fromEntries(Object.keys(EMPTY_CONTACT).map((field) => [field, String(contact[field] ?? '').trim()]))
}
