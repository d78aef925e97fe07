/** The page the owner wanted to connect when the free offer refused it (issue 42: the refusal leads to the plans
 *  and the payment, then back to the connection). Kept in sessionStorage: the tab goes to the card checkout and
 *  comes back to /payment-success or /payment-failed, and nothing else needs it. A storage failure is only logged
 *  (spec 000 §8). */
const KEY = 'pendingConnection'

export function keepPendingConnection(page) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ platform: page.platform, idPage: String(page.idPage ?? page.id), name: page.name }))
  } catch (e) {
    console.warn('pending connection not kept', e)
  }
}

/** { platform, idPage, name } or null. */
export function pendingConnection() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY))
    return kept?.idPage && kept?.platform ? kept : null
  } catch (e) {
    console.warn('pending connection unreadable', e)
    return null
  }
}

export function forgetPendingConnection() {
  try {
    sessionStorage.removeItem(KEY)
  } catch (e) {
    console.warn('pending connection not forgotten', e)
  }
}
