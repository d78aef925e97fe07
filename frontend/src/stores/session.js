/** The signed-in session (JWT, user, pending invitation token, selected page), persisted under `state`;
 *  also mirrored to the `authtoken` and `userData` keys the specification names (spec 000 §3). */
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { authApi } from '../api/auth'
import i18n from '../i18n'
import { attachSession } from '../api/client'
import { useFeedbackStore } from './feedback'
import { underState } from './stateStorage'

const signedOut = { token: null, user: null, tokenMembership: null, selectedPage: null }

function writeSpecKeys(token, user) {
  try {
    localStorage.setItem('authtoken', token)
    localStorage.setItem('userData', JSON.stringify({ token, user }))
  } catch (e) {
    console.warn('session keys not saved', e)
  }
}

function clearLocalStorage() {
  try {
    localStorage.clear()
  } catch (e) {
    console.warn('local storage not cleared', e)
  }
}

/** What became of the invitation token sent with a login (the answer's `invitation`, spec 000 §4 "Invitation
 *  flow"): accepted, used, expired or invalid, said in a toast. */
const INVITATION_RESULTS = ['accepted', 'used', 'expired', 'invalid']

function announceInvitation(result) {
  if (!INVITATION_RESULTS.includes(result)) return
  useFeedbackStore.getState().toast(`pages.team.invitation.${result}`, result === 'accepted' ? 'success' : 'error')
}

export const isSignedIn = (state) => Boolean(state.token && state.user)

const pageKey = (page) => (page ? `${page.platform ?? page.platforme}:${page.id ?? page.idPage}` : null)

export const useSessionStore = create(
  persist(
    (set, get) => ({
      ...signedOut,
      loading: false,
      error: null,
      keepInvitation(tokenMembership) {
        set({ tokenMembership })
      },
      /** The page the dashboard shows (spec 000 §3 "Selected page"), or null; `selectedAt` is when another page was
       *  chosen (the catalogue's list waits until 2000 ms after it, spec 001 §2), not kept across a reload. */
      selectPage(selectedPage) {
        const same = pageKey(selectedPage) === pageKey(get().selectedPage)
        set(same ? { selectedPage } : { selectedPage, selectedAt: Date.now() })
      },
      async login(accessToken) {
        set({ loading: true, error: null })
        try {
          const { token, user, invitation } = await authApi.loginFacebook(accessToken, get().tokenMembership,
            i18n.language)
          set({ token, user, tokenMembership: null })
          writeSpecKeys(token, user)
          if (invitation) announceInvitation(invitation)
          return true
        } catch (e) {
          set({ error: e.message })
          return false
        } finally {
          set({ loading: false })
        }
      },
      async logout() {
        set({ loading: true })
        try {
          await authApi.logout()
        } catch (e) {
          console.warn('logout call failed; signing out locally anyway', e)
        } finally {
          get().expire()
        }
      },
      expire() {
        set({ ...signedOut, loading: false, error: null })
        clearLocalStorage()
      },
    }),
    {
      name: 'session',
      storage: underState,
      partialize: ({ token, user, tokenMembership, selectedPage }) => ({ token, user, tokenMembership, selectedPage }),
    },
  ),
)

// The API client takes the JWT from here and ends the session on a 401 answer (it imports no store).
attachSession({
  token: () => useSessionStore.getState().token,
  expire() {
    useSessionStore.getState().expire()
    useFeedbackStore.getState().toast('api.sessionExpired', 'error')
  },
})
