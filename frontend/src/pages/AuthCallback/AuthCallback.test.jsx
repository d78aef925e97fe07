import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'
import { rememberLoginState } from '../../utils/loginDialog'

describe('/auth/callback', () => {
  it('with a forged state: no sign-in, the login error with Okay, back on /', async () => {
    rememberLoginState()
    window.location.hash = '#access_token=EAAtoken&state=forged'
    const app = renderApp('/auth/callback')
    expect(await screen.findByText('Connexion error with the server try again !')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Okay' })).toBeTruthy()
    await waitFor(() => expect(app.path()).toBe('/'))
    expect(useSessionStore.getState().token).toBeNull()
  })
})
