/** Calls of billing (spec 001 §7 "Billing"): the public pricing catalogue, the current plan, the payment history,
 *  a purchase recorded before the card checkout, and the success handler. Their answers are `{"data": ...}`
 *  (the specification's `data.data`), unwrapped here. `networkId` in the paths is the signed-in user's network id
 *  (the original client's authtoken); the server checks it against the Bearer JWT's user. */
import { client } from './client'

const dataOf = (body) => body?.data

export const billingApi = {
  /** The plans, no Authorization header (the pricing page is public). */
  pricing: () =>
    client.get('/pricing/pricing', { transformRequest: [withoutAuthorization, ...client.defaults.transformRequest] })
      .then(dataOf),
  plan: (networkId) => client.get(`/secure/profile/billing/${encodeURIComponent(networkId)}`).then(dataOf),
  history: (networkId) => client.get(`/secure/profile/paymentHistory/${encodeURIComponent(networkId)}`).then(dataOf),
  /** Records the pending order; the answer is its history row with `checkoutUrl` and the signed `form` fields. */
  addNewTransaction: (networkId, purchase) =>
    client.post(`/secure/profile/addNewTransaction/${encodeURIComponent(networkId)}`, purchase).then(dataOf),
  /** The invoice of a paid order (by its idPack): number, date, seller, buyer, lines, total and the VAT it holds. */
  invoice: (idPack) => client.get(`/secure/profile/invoice/${encodeURIComponent(idPack)}`).then(dataOf),
  /** The same invoice as a PDF Blob. */
  invoicePdf: (idPack) =>
    client.get(`/secure/profile/invoice/${encodeURIComponent(idPack)}/pdf`, { responseType: 'blob' }),
  /** Made on load of the success page, no body (spec 000 §7): { payment: the latest order, plan: the current }. */
  paymentSuccess: () => client.post('/payment-success', null, { baseURL: '/' }).then(dataOf),
}

/** The client's request hook adds the session's Bearer to every call; request transforms run after it, so this one
 *  takes it off again for the public call (the catalogue is the same for everyone, spec 001 §7 "no auth"). */
function withoutAuthorization(data, headers) {
  headers.delete?.('Authorization')
  return data
}
