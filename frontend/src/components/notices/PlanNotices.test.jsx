import { notifications } from '@mantine/notifications'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { pagesApi } from '../../api/pages'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'
import { stubCalls } from '../../test/stubCalls'
import { HAS_VISITED_KEY } from './planExpiry'

// The dashboard's pages answer nothing: a failed load raises its own alert ("Error while getting pages"), which once
// came up after the test had closed the plan's warning and was taken for it.
stubCalls(pagesApi, 'connected')

function signIn(daysLeft, type = 'Pro') {
  const expiry = new Date()
  expiry.setDate(expiry.getDate() + daysLeft)
  useSessionStore.setState({ token: 't', user: { first_name: 'Amira', last_name: 'B', pack: { name: 'Pro', type,
    expyriedate: expiry.toISOString() } } })
}

afterEach(() => {
  act(() => notifications.clean())
  useSessionStore.setState({ token: null, user: null })
})

describe('plan notices, once per visit', () => {
  it('on the dashboard, a plan ending in 2 days shows the warning and the toasts once, and sets hasvisited', async () => {
    signIn(2)
    const app = renderApp('/home/dashboard')
    const warning = await screen.findByRole('alertdialog')
    expect(warning.textContent).toMatch(/Your plan will expire on /)
    expect(localStorage.getItem(HAS_VISITED_KEY)).not.toBeNull()
    expect(screen.getAllByText('Your plan ends in 2 days.').length).toBe(1)
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    app.unmount()
    act(() => notifications.clean())
    renderApp('/home/dashboard')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.queryByText('Your plan ends in 2 days.')).toBeNull()
  })

  it('a Free Trial shows nothing', async () => {
    signIn(2, 'Free Trial')
    renderApp('/home/dashboard')
    await screen.findAllByRole('heading', { name: 'My pages' })
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(localStorage.getItem(HAS_VISITED_KEY)).toBeNull()
  })

  it('/notification lists the upgrade notice of an expired plan', async () => {
    signIn(-3)
    localStorage.setItem(HAS_VISITED_KEY, 'true')
    renderApp('/notification')
    expect(await screen.findByText('Your plan has expired')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to Billing' })).toBeTruthy()
  })
})
