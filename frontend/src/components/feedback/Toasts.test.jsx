import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../i18n'
import { TOAST_MS, useFeedbackStore } from '../../stores/feedback'
import Toasts from './Toasts'

afterEach(() => vi.useRealTimers())

describe('toasts', () => {
  it('show a message and hide it after 5 s', () => {
    vi.useFakeTimers()
    render(<Toasts />)
    act(() => useFeedbackStore.getState().toast('contact.sent', 'success'))
    expect(screen.getByRole('status').textContent).toContain('Your contact request has been sent successfully')
    act(() => vi.advanceTimersByTime(TOAST_MS - 1))
    expect(screen.queryByRole('status')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('status')).toBeNull()
    expect(TOAST_MS).toBe(5000)
  })
})
