import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { billingApi } from '../../api/billing'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

const SLOW = { timeout: 8000 }
const user = { idFacebook: '42', first_name: 'Salma', last_name: 'Haddad',
  pack: { name: 'Free Trial', type: 'Free Trial', expyriedate: '2026-12-01T00:00:00' } }
const plan = { name: 'SME/Artisans', type: 'Paid', expyriedate: '2027-05-23T10:00:00' }
const row = (status) => ({ description: 'SME/Artisans', period: 6, payment: 85.5, currency: 'EUR', status, idPack: 'o1' })

beforeEach(() => useSessionStore.setState({ token: 'jwt', user, selectedPage: null }))
afterEach(() => vi.restoreAllMocks())

describe('payment success page (spec 000 §7)', { timeout: 30000 }, () => {
  it('posts /payment-success once at load and shows the plan now held, which the session keeps', async () => {
    vi.spyOn(billingApi, 'paymentSuccess').mockResolvedValue({ payment: row('paid'), plan })
    renderApp('/payment-success/Id/o1/sId/T123')
    expect(await screen.findByText(/Your plan is now SME\/Artisans until 23 May 2027/, {}, SLOW)).toBeTruthy()
    expect(billingApi.paymentSuccess).toHaveBeenCalledTimes(1)
    expect(screen.getByText('Thank you! Your card payment went through.')).toBeTruthy()
    expect(screen.getByText('Your order: SME/Artisans, 6 months, 85.50 €')).toBeTruthy()
    expect(useSessionStore.getState().user.pack).toEqual(plan)
  })

  it('does not thank for a payment the gateway has not confirmed', async () => {
    vi.spyOn(billingApi, 'paymentSuccess').mockResolvedValue({ payment: row('pending'), plan: user.pack })
    renderApp('/payment-success/Id/o1/sId/T123')
    expect(await screen.findByText(/is being confirmed/, {}, SLOW)).toBeTruthy()
    expect(screen.queryByText('Thank you! Your card payment went through.')).toBeNull()
    expect(screen.getByText('Pending')).toBeTruthy()
  })
})
