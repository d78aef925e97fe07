/** Calls of the auth blueprint and the public configuration (spec 000 §7, docs/contracts.md). */
import { client } from './client'

export const authApi = {
  config: () => client.get('/config'),
  /** `language`: the screens' language, which the user's mails are written in. */
  loginFacebook: (accessToken, tokenMembership, language) =>
    client.post('/auth/login/facebook', { token: accessToken, tokenMemberShip: tokenMembership ?? null,
      language: language ?? null }),
  logout: () => client.post('/auth/logout'),
}
