/** The session keeps the plan the login answered as `user.pack` (name, type, expyriedate), which the expiry notices
 *  read (spec 000 §3 "Billing plan (as used in notices)"). After a purchase the billing answer is newer: it
 *  replaces that pack, so the notices follow the plan the user holds now. */
import { useSessionStore } from '../../stores/session'

export function keepPackInSession(plan) {
  const { user } = useSessionStore.getState()
  if (!user || !plan?.name) return
  const pack = { name: plan.name, type: plan.type, expyriedate: plan.expyriedate }
  const old = user.pack ?? {}
  if (old.name === pack.name && old.type === pack.type && old.expyriedate === pack.expyriedate) return
  useSessionStore.setState({ user: { ...user, pack } })
}
