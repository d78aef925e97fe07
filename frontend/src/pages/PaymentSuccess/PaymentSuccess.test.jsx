import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { billingApi } from '../../api/billing'
import { pagesApi } from '../../api/pages'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

const SLOW = { timeout: 8000 }
const user = { idFacebook: '42', first_name: 'Salma', last_name: 'Haddad',
  pack: { name: 'Free Trial', type: 'Free Trial', expyriedate: '2026-12-01T00:00:00' } }
const plan = { name: 'SME/Artisans', type: 'Paid', expyriedate: '2027-05-23T10:00:00' }
const row = (status) => ({ description: 'SME/Artisans', period: 6, payment: 85.5, currency: 'EUR', status, idPack: 'o1' })

beforeEach(() => useSessionStore.setState({ token: 'jwt', user, selectedPage: null }))
afterEach(() => {
  vi.restoreAllMocks()
  sessionStorage.clear()
})

describe('payment success page (spec 000 §7)', { timeout: 30000 }, () => {
  it('posts /payment-success once at load and shows the plan now held, which the session keeps', async () => {
    vi.spyOn(billingApi, 'paymentSuccess').mockResolvedValue({ payment: row('paid'), plan })
    renderApp('/payment-success/Id/o1/sId/T123')
    expect(await screen.findByText(/Your plan is now SME\/Artisans until 23 May 2027/, {}, SLOW)).toBeTruthy()
    expect(billingApi.paymentSuccess).toHaveBeenCalledTimes(1)
    expect(screen.getByText('Thank you! Your card payment went through.')).toBeTruthy()
    expect(screen.getByText('Your order: SME/Artisans, 6 months, 85.50 €')).toBeTruthy()
    // The session takes the plan in an effect after the page shows it.
    await waitFor(() => expect(useSessionStore.getState().user.pack).toEqual(plan))
  })

  it('does not thank for a payment the gateway has not confirmed', async () => {
    vi.spyOn(billingApi, 'paymentSuccess').mockResolvedValue({ payment: row('pending'), plan: user.pack })
    renderApp('/payment-success/Id/o1/sId/T123')
    expect(await screen.findByText(/is being confirmed/, {}, SLOW)).toBeTruthy()
    expect(screen.queryByText('Thank you! Your card payment went through.')).toBeNull()
    expect(screen.getByText('Pending')).toBeTruthy()
  })

  it('connects the page the free offer refused once the order is paid, and only then', async () => {
    sessionStorage.setItem('pendingConnection', JSON.stringify({ platform: 'facebook', idPage: '3', name: 'Sousse Sport' }))
    vi.spyOn(pagesApi, 'connect').mockResolvedValue(true)
    vi.spyOn(billingApi, 'paymentSuccess').mockResolvedValue({ payment: row('pending'), plan: user.pack })
    const view = renderApp('/payment-success/Id/o1/sId/T123')
    expect(await screen.findByText(/Sousse Sport is connected once the card gateway confirms/, {}, SLOW)).toBeTruthy()
    expect(pagesApi.connect).not.toHaveBeenCalled()
    view.unmount()
    billingApi.paymentSuccess.mockResolvedValue({ payment: row('paid'), plan })
    renderApp('/payment-success/Id/o1/sId/T123')
    expect(await screen.findByText(/Sousse Sport is connected: your agents can answer its comments now/, {}, SLOW)).toBeTruthy()
    expect(pagesApi.connect).toHaveBeenCalledWith('facebook', '3')
    expect(sessionStorage.getItem('pendingConnection')).toBeNull()
  })
})
