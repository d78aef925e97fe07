import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { contactApi } from '../../api/contact'
import { renderWithProviders } from '../../test/renderApp'
import ContactForm from './ContactForm'
import { DEMO_REQUEST, EMPTY_CONTACT, firstInvalid, phoneDigits } from './validation'

const VALID = { name: 'Amira', last_name: 'Ben Salah', org: 'Atelier', email: 'amira@example.tn', phone: '+21620111222',
  subject: 'Question', msg: 'Hello' }
const ORDER = [
  ['name', 'validNameErr', 'Please enter your first name', 'First name'],
  ['last_name', 'validLastNameErr', 'Please enter your last name', 'Last name'],
  ['org', 'validOrgErr', 'Please enter your organisation', 'Organisation'],
  ['email', 'validEmailErr', 'Please enter a valid e-mail address', 'E-mail'],
  ['phone', 'validPhoneErr', 'Please enter your phone number', 'Phone'],
  ['subject', 'validSubjectErr', 'Please enter a subject', 'Subject'],
  ['msg', 'validMsgErr', 'Please enter your message', 'Message'],
]

afterEach(() => vi.restoreAllMocks())

describe('contact validation order (spec 000 §5)', () => {
  it('names the first invalid field, in the specified order, by its message key', () => {
    const seen = []
    const contact = { ...EMPTY_CONTACT }
    for (const [field, key] of ORDER) {
      seen.push(firstInvalid(contact).key)
      expect(firstInvalid(contact).field).toBe(field)
      contact[field] = VALID[field]
    }
    expect(seen).toEqual(ORDER.map(([, key]) => key))
    expect(firstInvalid(contact)).toBeNull()
  })

  it('refuses blank values and a malformed e-mail', () => {
    expect(firstInvalid({ ...VALID, org: '   ' }).key).toBe('validOrgErr')
    expect(firstInvalid({ ...VALID, email: 'amira@' }).key).toBe('validEmailErr')
    expect(firstInvalid({ ...VALID, email: 'not an address' }).key).toBe('validEmailErr')
  })

  it('keeps only the digits of a phone (and a leading +)', () => {
    expect(phoneDigits('+216 20-111 222')).toBe('+21620111222')
    expect(phoneDigits('abc')).toBe('')
  })
})

describe('contact form', () => {
  it('shows each failure in order in a popup, whose Retry returns to the form, then sends', async () => {
    const add = vi.spyOn(contactApi, 'add').mockResolvedValue({ message: 'ok' })
    renderWithProviders(<ContactForm />)
    for (const [field, , message, label] of ORDER) {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
      const popup = await screen.findByRole('alertdialog')
      expect(popup.textContent).toContain(message)
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      fireEvent.change(screen.getByLabelText(label), { target: { value: VALID[field] } })
    }
    expect(add).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Sent succesfully !')
    expect(add).toHaveBeenCalledWith(VALID)
    fireEvent.click(screen.getByRole('button', { name: 'Thanks' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(screen.getByLabelText('First name').value).toBe('')
  }, 20000) // seven popups opened and closed: generous under a loaded machine

  it("asks for a demo with subject and message 'demande demo'", async () => {
    const add = vi.spyOn(contactApi, 'add').mockResolvedValue({ message: 'ok' })
    renderWithProviders(<ContactForm />)
    for (const [field, , , label] of ORDER.slice(0, 5)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value: VALID[field] } })
    }
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a demo' }))
    await screen.findByRole('alertdialog')
    expect(add).toHaveBeenCalledWith({ ...VALID, subject: DEMO_REQUEST, msg: DEMO_REQUEST })
  })

  it('a failed request shows the connection error with Okay', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(contactApi, 'add').mockRejectedValue(new Error('Network Error'))
    renderWithProviders(<ContactForm />)
    for (const [field, , , label] of ORDER) {
      fireEvent.change(screen.getByLabelText(label), { target: { value: VALID[field] } })
    }
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Connexion error please try again !')
    expect(screen.getByRole('button', { name: 'Okay' })).toBeTruthy()
  })
})
