/** The OAuth implicit-flow redirect to the login dialog (Meta's, or the sandbox's) and the checks on
 *  its answer: a random `state` kept in sessionStorage guards the callback against forged redirects. */

export const LOGIN_STATE_KEY = 'loginState'
export const CALLBACK_PATH = '/auth/callback'
export const LOGIN_SCOPES = [
  'pages_show_list',
  'pages_messaging',
  'pages_read_engagement',
  'pages_manage_metadata',
  'pages_manage_engagement',
  'instagram_basic',
  'instagram_manage_comments',
]

export function newLoginState() {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export function buildLoginUrl({ loginDialogUrl, metaAppId }, origin, state) {
  const url = new URL(loginDialogUrl, origin)
  url.searchParams.set('client_id', metaAppId)
  url.searchParams.set('redirect_uri', `${origin}${CALLBACK_PATH}`)
  url.searchParams.set('response_type', 'token')
  url.searchParams.set('state', state)
  url.searchParams.set('scope', LOGIN_SCOPES.join(','))
  return url.toString()
}

/** Remembers a fresh state for this tab and returns it. */
export function rememberLoginState() {
  const state = newLoginState()
  sessionStorage.setItem(LOGIN_STATE_KEY, state)
  return state
}

/** Reads the dialog's answer from the URL fragment; `accessToken` is null unless the state matches
 *  the one this tab sent. The remembered state is single-use. */
export function readLoginAnswer(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const expected = sessionStorage.getItem(LOGIN_STATE_KEY)
  sessionStorage.removeItem(LOGIN_STATE_KEY)
  const stateMatches = Boolean(expected) && params.get('state') === expected
  return {
    stateMatches,
    accessToken: stateMatches ? params.get('access_token') || null : null,
  }
}
