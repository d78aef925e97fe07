import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authApi } from '../../api/auth'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

// The landing page under the notice has its own tests.
vi.mock('../Landing', () => ({ default: () => <p>landing page</p> }))

const user = { idFacebook: '2', first_name: 'Karim', last_name: 'Trabelsi', profilePictureUrl: 'http://x/p.png' }
const TOKEN = 'Zx8_invitation-token-0123456789'

afterEach(() => vi.restoreAllMocks())

describe('invitation link', () => {
  it('keeps the token of the link and asks the visitor to sign in', async () => {
    useSessionStore.setState({ token: null, user: null, tokenMembership: null })
    renderApp(`/${TOKEN}`)
    expect(await screen.findByText('You have been invited to a team: sign in to join it.')).toBeTruthy()
    expect(useSessionStore.getState().tokenMembership).toBe(TOKEN)
  })

  it('the next login sends the token as tokenMemberShip and then forgets it', async () => {
    const login = vi.spyOn(authApi, 'loginFacebook').mockResolvedValue({ token: 'jwt', user, invitation: 'expired' })
    useSessionStore.setState({ token: null, user: null, tokenMembership: TOKEN })
    expect(await useSessionStore.getState().login('network-token')).toBe(true)
    expect(login).toHaveBeenCalledWith('network-token', TOKEN, 'en')  // the screens' language, for the user's mails
    expect(useSessionStore.getState().tokenMembership).toBeNull()
  })
})
