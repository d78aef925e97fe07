/** Loads the public pricing catalogue once per mount: { plans, state: loading | ready | error, reload }. */
import { billingApi } from '../../api/billing'
import { useLoaded } from '../../hooks/useLoaded'
import { orderedPlans } from './pricingModel'

const loadPlans = () => billingApi.pricing().then((answer) => orderedPlans(Array.isArray(answer) ? answer : []))

export function usePricing() {
  const { value, state, reload } = useLoaded(loadPlans)
  return { plans: value ?? [], state, reload }
}
