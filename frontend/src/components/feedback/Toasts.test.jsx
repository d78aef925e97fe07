import { notifications } from '@mantine/notifications'
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import i18n from '../../i18n'
import { TOAST_MS, useFeedbackStore } from '../../stores/feedback'
import { renderWithProviders } from '../../test/renderApp'

// Mantine's notifications leave with a 250 ms transition once their time is up.
const EXIT_MS = 250

afterEach(() => {
  act(() => notifications.clean())
  vi.useRealTimers()
})

describe('toasts (Mantine notifications)', () => {
  it('show a message and start hiding it after 5 s', () => {
    vi.useFakeTimers()
    renderWithProviders(<p>page</p>)
    act(() => useFeedbackStore.getState().toast('contact.sent', 'success'))
    expect(screen.getByRole('status').textContent).toContain('Your contact request has been sent successfully')
    act(() => vi.advanceTimersByTime(TOAST_MS - 1))
    expect(screen.queryByRole('status')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    act(() => vi.advanceTimersByTime(EXIT_MS))
    expect(screen.queryByRole('status')).toBeNull()
    expect(TOAST_MS).toBe(5000)
  })

  it('follow a language switch while shown, and an error is an alert', async () => {
    renderWithProviders(<p>page</p>)
    act(() => useFeedbackStore.getState().toast('contact.sent', 'error'))
    expect(screen.getByRole('alert').textContent).toContain('Your contact request has been sent successfully')
    await act(() => i18n.changeLanguage('fr'))
    expect(screen.getByRole('alert').textContent).toContain('Votre demande de contact a bien été envoyée')
    await act(() => i18n.changeLanguage('en'))
  })
})
