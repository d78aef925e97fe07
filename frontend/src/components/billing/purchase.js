/** The payment form's rules (spec 001 §3 "Purchase payload", §4 "Billing", §5 "Payment form"): an order id made
 *  once when the screen loads, the form complete only with a plan, a period of 1, 6 or 12 months, first name,
 *  last name, e-mail and address (no e-mail format check), and the purchase sent to addNewTransaction. */
import { PERIODS, periodPrice } from '../pricing/pricingModel'

export const EMPTY_BUYER = { firstName: '', lastName: '', email: '', address: '' }

/** A random order id (spec 001 §3 idPack), 20 hex characters. */
export function newOrderId(random = globalThis.crypto) {
  const bytes = new Uint8Array(10)
  random.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

const filled = (value) => typeof value === 'string' && value.trim() !== ''

export function isComplete({ plan, months, buyer }) {
  return Boolean(plan) && PERIODS.some((p) => p.months === Number(months))
    && ['firstName', 'lastName', 'email', 'address'].every((field) => filled(buyer[field]))
}

/** The body of POST addNewTransaction, with the spec's spellings; `currency` says which of the plan's prices
 *  `payment` is in, `language` the checkout page's. The server recomputes the amount from its own catalogue. */
export function purchasePayload({ plan, months, buyer, currency, orderId, language }) {
  const first = buyer.firstName.trim()
  const last = buyer.lastName.trim()
  return {
    last_name: last,
    user_name: first,
    email: buyer.email.trim(),
    adresse: buyer.address.trim(),
    payedBy: `${first} ${last}`,
    idPack: orderId,
    name: plan.name,
    delai: Number(months),
    number_agent: plan.number_agent,
    number_pages: plan.number_pages,
    number_autoReply: plan.number_autoReply,
    number_user: plan.number_user,
    payment: periodPrice(plan, currency, months).toFixed(2),
    currency,
    language,
  }
}

/** The checkout the server answered (`checkoutUrl` and the signed `form` fields to post there), or null when the
 *  answer is not one: the browser posts only what the server computed, and only to an http(s) address. */
export function checkoutOf(answer) {
  const url = answer?.checkoutUrl
  const fields = answer?.form
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url) || !fields || typeof fields !== 'object') return null
  return { url, fields: Object.entries(fields).map(([name, value]) => [name, value == null ? '' : String(value)]) }
}
