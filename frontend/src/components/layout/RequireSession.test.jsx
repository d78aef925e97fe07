import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

const user = { first_name: 'Amira', last_name: 'Ben Salah', profilePictureUrl: 'http://x/p.png' }

describe('signed-in guard', () => {
  it('sends a signed-out visitor from /home/team to the landing page', async () => {
    useSessionStore.setState({ token: null, user: null })
    const app = renderApp('/home/team')
    expect(await screen.findByRole('heading', { name: 'Answer every comment, automatically' })).toBeTruthy()
    expect(app.path()).toBe('/')
  })

  it('lets a signed-in user see the team screen with the side menu', async () => {
    useSessionStore.setState({ token: 'jwt', user })
    renderApp('/home/team')
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Start moderation wizard' }).getAttribute('href')).toBe('/home/wizard-popup')
  })

  it('sends a signed-in user from / to the dashboard with the name and picture', async () => {
    useSessionStore.setState({ token: 'jwt', user })
    const app = renderApp('/')
    expect(await screen.findByText('Welcome, Amira Ben Salah')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'My pages' })).toBeTruthy()
    expect(app.path()).toBe('/home/dashboard')
  })

  it('needs both the token and the user', async () => {
    useSessionStore.setState({ token: 'jwt', user: null })
    const app = renderApp('/home/dashboard')
    await waitFor(() => expect(app.path()).toBe('/'))
  })
})
