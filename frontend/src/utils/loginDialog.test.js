import { describe, expect, it } from 'vitest'
import { buildLoginUrl, LOGIN_STATE_KEY, readLoginAnswer, rememberLoginState } from './loginDialog'

const config = { metaAppId: '1000000000000001', loginDialogUrl: 'http://127.0.0.1:5100/dialog/oauth' }

describe('login dialog redirect', () => {
  it('asks for a token with our callback, the state and the scopes', () => {
    const url = new URL(buildLoginUrl(config, 'http://127.0.0.1:5000', 'abc123'))
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:5100/dialog/oauth')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '1000000000000001',
      redirect_uri: 'http://127.0.0.1:5000/auth/callback',
      response_type: 'token',
      state: 'abc123',
      scope:
        'pages_show_list,pages_messaging,pages_read_engagement,pages_manage_metadata,pages_manage_engagement,instagram_basic,instagram_manage_comments',
    })
  })

  it('remembers a fresh random state per attempt', () => {
    const first = rememberLoginState()
    const second = rememberLoginState()
    expect(first).toMatch(/^[0-9a-f]{32}$/)
    expect(second).not.toBe(first)
    expect(sessionStorage.getItem(LOGIN_STATE_KEY)).toBe(second)
  })
})

describe('login dialog answer', () => {
  it('gives the access token when the state matches', () => {
    const state = rememberLoginState()
    const answer = readLoginAnswer(`#access_token=EAAtoken&expires_in=5183944&state=${state}`)
    expect(answer).toEqual({ stateMatches: true, accessToken: 'EAAtoken' })
  })

  it('refuses a token whose state differs', () => {
    rememberLoginState()
    expect(readLoginAnswer('#access_token=EAAtoken&state=forged')).toEqual({ stateMatches: false, accessToken: null })
  })

  it('refuses a token when this tab never started a login', () => {
    expect(readLoginAnswer('#access_token=EAAtoken&state=')).toEqual({ stateMatches: false, accessToken: null })
  })

  it('uses the remembered state once only', () => {
    const state = rememberLoginState()
    readLoginAnswer(`#access_token=EAAtoken&state=${state}`)
    expect(readLoginAnswer(`#access_token=EAAtoken&state=${state}`).accessToken).toBeNull()
  })
})
