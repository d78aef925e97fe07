import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { billingApi } from '../../api/billing'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

const SLOW = { timeout: 8000 }
const user = { idFacebook: '42', first_name: 'Salma', last_name: 'Haddad' }
const row = (status) => ({ description: 'Agencies', period: 12, payment: 486, currency: 'EUR', status, idPack: 'o2' })

beforeEach(() => useSessionStore.setState({ token: 'jwt', user, selectedPage: null }))
afterEach(() => vi.restoreAllMocks())

describe('payment failed page', { timeout: 30000 }, () => {
  it('says the card was refused, for which order, that nothing was taken, and retries the same order', async () => {
    vi.spyOn(billingApi, 'history').mockResolvedValue([row('refused'), { ...row('paid'), idPack: 'o1' }])
    renderApp('/payment-failed')
    expect(await screen.findByRole('heading', { name: 'Your payment did not go through' }, SLOW)).toBeTruthy()
    expect(await screen.findByText('Your card was refused, so the order below was not paid.')).toBeTruthy()
    expect(screen.getByText('Your order: Agencies, 12 months, 486.00 €')).toBeTruthy()
    expect(screen.getByText(/No money was taken and your plan is unchanged/)).toBeTruthy()
    expect(billingApi.history).toHaveBeenCalledWith('42')
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href'))
      .toBe('/home/billing?tab=change&plan=Agencies&months=12')
  })

  it('says a cancelled payment as such', async () => {
    vi.spyOn(billingApi, 'history').mockResolvedValue([row('canceled')])
    renderApp('/payment-failed')
    expect(await screen.findByText(/The payment was cancelled on the card page/, {}, SLOW)).toBeTruthy()
  })
})
