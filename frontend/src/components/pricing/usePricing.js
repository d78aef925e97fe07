/** Loads the public pricing catalogue once per mount: { plans, state: loading | ready | error, reload }. */
import { useCallback, useEffect, useState } from 'react'
import { billingApi } from '../../api/billing'
import { orderedPlans } from './pricingModel'

export function usePricing() {
  const [plans, setPlans] = useState([])
  const [state, setState] = useState('loading')

  const reload = useCallback(() => {
    setState('loading')
    billingApi
      .pricing()
      .then((answer) => {
        setPlans(orderedPlans(Array.isArray(answer) ? answer : []))
        setState('ready')
      })
      .catch((error) => {
        console.warn('pricing not loaded', error)
        setState('error')
      })
  }, [])

  useEffect(reload, [reload])
  return { plans, state, reload }
}
