/** Calls of the auth blueprint and the public configuration (spec 000 §7, docs/contracts.md). */
import { client } from './client'

export const authApi = {
  config: () => client.get('/config'),
  loginFacebook: (accessToken, tokenMembership) =>
    client.post('/auth/login/facebook', { token: accessToken, tokenMemberShip: tokenMembership ?? null }),
  logout: () => client.post('/auth/logout'),
}
