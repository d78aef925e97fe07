import { describe, expect, it } from 'vitest'
import { useSessionStore } from './session'

const user = { first_name: 'Amira', last_name: 'Ben Salah', profilePictureUrl: 'http://x/p.png' }

function storedSession() {
  return JSON.parse(localStorage.getItem('state')).session.state
}

describe('session store', () => {
  it('persists the session under the `state` key', () => {
    useSessionStore.setState({ token: 'jwt-1', user, selectedPage: { id: '42' }, loading: true })
    expect(storedSession()).toEqual({ token: 'jwt-1', user, tokenMembership: null, selectedPage: { id: '42' } })
  })

  it('restores the session from `state` at start', async () => {
    localStorage.setItem(
      'state',
      JSON.stringify({ session: { state: { token: 'jwt-2', user, tokenMembership: 'inv-1', selectedPage: null }, version: 0 } }),
    )
    await useSessionStore.persist.rehydrate()
    expect(useSessionStore.getState()).toMatchObject({ token: 'jwt-2', user, tokenMembership: 'inv-1' })
  })

  it('expire clears the session and all local storage', () => {
    useSessionStore.setState({ token: 'jwt-3', user })
    localStorage.setItem('authtoken', 'jwt-3')
    localStorage.setItem('modoLang', 'fr')
    useSessionStore.getState().expire()
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null })
    expect(localStorage.length).toBe(0)
  })
})
