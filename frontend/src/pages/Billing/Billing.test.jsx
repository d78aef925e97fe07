import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { billingApi } from '../../api/billing'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

const plans = [
  { name: 'Free Trial', payement: 0, payement_fr: 0, payment_do: 0, number_pages: 0, number_agent: 1, number_autoReply: 100, number_user: 1 },
  { name: 'SME/Artisans', payement: 49, payement_fr: 15, payment_do: 16, number_pages: 2, number_agent: 5, number_autoReply: 3000, number_user: 3, history: true },
  { name: 'Agencies', payement: 149, payement_fr: 45, payment_do: 49, number_pages: 10, number_agent: 30, number_autoReply: 20000, number_user: 10 },
]
const trialPlan = { name: 'Free Trial', type: 'Free Trial', socialPages: 0, teamMember: 1, activeAgent: 1, monthlyReplies: 100,
  delai: 15, expyriedate: '2026-12-08T10:00:00',
  usage: { socialPages: 0, teamMember: 1, activeAgent: 0, monthlyReplies: 12 } }
const history = [
  { date_Create: '2026-11-20T10:00:00', payment: 85.5, currency: 'EUR', status: 'paid', payed_by: 'Salma Haddad',
    description: 'SME/Artisans', period: 6, factureNumber: 'F2026-000001', email: 's@example.com', idPack: 'o1' },
  { date_Create: '2026-11-19T10:00:00', payment: 15, currency: 'EUR', status: 'refused', payed_by: 'Salma Haddad',
    description: 'SME/Artisans', period: 1, factureNumber: null, email: 's@example.com', idPack: 'o2' },
]
const invoice = { number: 'F2026-000001', date: '2026-11-20T10:05:00', status: 'paid', idPack: 'o1',
  seller: { name: 'Comment auto-reply SARL', address: 'Tunis, Tunisia', taxId: '' },
  buyer: { name: 'Salma Haddad', email: 's@example.com', address: '3 rue de Marseille' },
  lines: [{ description: 'SME/Artisans', period: 6, from: '2026-11-20T10:05:00', to: '2027-05-20T10:05:00', amount: 85.5 }],
  currency: 'EUR', total: 85.5, totalExcludingVat: 71.85, vat: 13.65, vatPercent: 19 }
const user = { idFacebook: '42', first_name: 'Salma', last_name: 'Haddad', email: 'salma@example.com' }

beforeEach(() => {
  useSessionStore.setState({ token: 'jwt', user, selectedPage: null })
  // A visitor in Paris pays in EUR (spec 001 §9).
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Europe/Paris', locale: 'en-GB' })
  vi.spyOn(billingApi, 'pricing').mockResolvedValue(plans)
  vi.spyOn(billingApi, 'plan').mockResolvedValue(trialPlan)
  vi.spyOn(billingApi, 'history').mockResolvedValue(history)
  vi.spyOn(billingApi, 'invoice').mockResolvedValue(invoice)
})
afterEach(() => vi.restoreAllMocks())

async function openModalFor(name) {
  renderApp('/home/billing?tab=change')
  fireEvent.click(await screen.findByRole('button', { name: `Choose ${name}` }, SLOW))
  return screen.findByRole('dialog', { name: 'Pay by card' })
}

// The screen is a lazy route: on a loaded machine its first render takes a few seconds.
const SLOW = { timeout: 8000 }

describe('billing screen (spec 001 §4 "Billing")', { timeout: 30000 }, () => {
  it('shows the current plan with its limits, and Free Trial as Free Offer', async () => {
    renderApp('/home/billing')
    expect(await screen.findByRole('heading', { name: 'Free Offer' }, SLOW)).toBeTruthy()
    expect(billingApi.plan).toHaveBeenCalledWith('42')
    expect(screen.getByText('Social pages').nextSibling.textContent).toBe('0')
    expect(screen.getByText('Team members').parentElement.textContent).toContain('1 used')
    expect(screen.getByText('Replies a month').nextSibling.textContent).toBe('100')
    expect(screen.getByText('15 days')).toBeTruthy()
  })

  it('never offers Free Trial nor the current plan', async () => {
    renderApp('/home/billing?tab=change')
    expect((await screen.findByRole('button', { name: 'Choose Free Offer' }, SLOW)).disabled).toBe(true)
    expect(screen.getByRole('button', { name: 'Choose SME/Artisans' }).disabled).toBe(false)
  })

  it('keeps Confirm disabled until the form is complete; a new plan resets the period', async () => {
    const dialog = await openModalFor('SME/Artisans')
    const confirm = within(dialog).getByRole('button', { name: 'Confirm and pay' })
    expect(within(dialog).getByLabelText(/First name/).value).toBe('Salma')
    expect(confirm.disabled).toBe(true) // no period, no address yet
    fireEvent.click(within(dialog).getByRole('radio', { name: '6 months' }))
    expect(within(dialog).getByText('5% off')).toBeTruthy()
    expect(within(dialog).getByText('10% off')).toBeTruthy()
    expect(confirm.disabled).toBe(true)
    fireEvent.change(within(dialog).getByLabelText(/Address/), { target: { value: '3 rue de Marseille' } })
    expect(confirm.disabled).toBe(false)
    expect(dialog.querySelector('.payment-modal__total').textContent).toBe('15.00 € a month × 685.50 €')
    fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: ' ' } })
    expect(confirm.disabled).toBe(true)
    fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: 'Haddad' } })
    expect(confirm.disabled).toBe(false)

    fireEvent.click(within(dialog).getByLabelText('Plan', { selector: 'input' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Agencies' }))
    await waitFor(() => expect(confirm.disabled).toBe(true))
    expect(within(dialog).getByRole('radio', { name: '6 months' }).getAttribute('aria-checked')).toBe('false')
  })

  it("records the purchase, then posts the server's fields to the checkout as a form", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {})
    vi.spyOn(billingApi, 'addNewTransaction').mockResolvedValue({
      checkoutUrl: 'http://127.0.0.1:5100/gateway/Validation_paiement.php', method: 'POST',
      form: { NumSite: 'MER1', Amount: '8550', Currency: 'EUR', signature: 'abc' },
    })
    const dialog = await openModalFor('SME/Artisans')
    fireEvent.click(within(dialog).getByRole('radio', { name: '6 months' }))
    fireEvent.change(within(dialog).getByLabelText(/Address/), { target: { value: '3 rue de Marseille' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and pay' }))
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    const [id, body] = billingApi.addNewTransaction.mock.calls[0]
    expect(id).toBe('42')
    expect(body).toMatchObject({ name: 'SME/Artisans', delai: 6, adresse: '3 rue de Marseille', payedBy: 'Salma Haddad' })
    const form = document.querySelector('form.checkout-form')
    expect(form.getAttribute('action')).toBe('http://127.0.0.1:5100/gateway/Validation_paiement.php')
    expect(form.getAttribute('method')).toBe('post')
    expect(Object.fromEntries(new FormData(form))).toEqual({ NumSite: 'MER1', Amount: '8550', Currency: 'EUR', signature: 'abc' })
  })

  it('says so when the purchase cannot be recorded, and posts nothing', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {})
    vi.spyOn(billingApi, 'addNewTransaction').mockRejectedValue(new Error('503'))
    const dialog = await openModalFor('Agencies')
    fireEvent.click(within(dialog).getByRole('radio', { name: '1 month' }))
    fireEvent.change(within(dialog).getByLabelText(/Address/), { target: { value: 'Tunis' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and pay' }))
    expect(await within(dialog).findByRole('alert')).toBeTruthy()
    expect(submit).not.toHaveBeenCalled()
  })

  it('lists payments with their status colours; View opens the invoice, Back returns', async () => {
    renderApp('/home/billing?tab=payments')
    const table = await screen.findByRole('table', {}, SLOW)
    const rows = within(table).getAllByRole('row')
    expect(within(rows[1]).getByText('Paid').closest('[data-status]').getAttribute('data-status')).toBe('paid')
    expect(within(rows[2]).getByText('Refused')).toBeTruthy()
    expect(within(rows[1]).getByText('85.50 €')).toBeTruthy()
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'View invoice F2026-000001' }))
    expect(await screen.findByText('F2026-000001')).toBeTruthy()
    expect(billingApi.invoice).toHaveBeenCalledWith('o1')
    expect(await screen.findByText('71.85 €')).toBeTruthy()
    expect(screen.getByText('VAT 19% (included)')).toBeTruthy()
    expect(screen.getByText('20 November 2026 to 20 May 2027')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download the PDF' })).toBeTruthy()
    fireEvent.click(screen.getAllByRole('button', { name: /Back/ })[0])
    const again = await screen.findByRole('table')
    fireEvent.click(within(again).getAllByRole('row')[2].querySelector('button'))
    expect(await screen.findByText('This payment is not paid: it has no invoice.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Download the PDF' })).toBeNull()
  })
})
