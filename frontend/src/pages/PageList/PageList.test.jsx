import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'
import { pagesApi } from '../../api/pages'
import { stubCalls } from '../../test/stubCalls'

stubCalls(pagesApi, 'all', 'connected', 'connect', 'remove', 'makeOwner', 'disconnect', 'preferences', 'publicReply')

// The lazily loaded screen can take a while when the whole suite runs side by side.
const SLOW = { timeout: 8000 }

const page = (idPage, name, extra = {}) => ({
  idPage, id: idPage, name, platform: 'facebook', picture: null, fans: 15230, interactions: 12, spam: false,
  likesComment: false, hideComment: false, public_reply: { statut: false, message: '' },
  respReplies: { statut: 'immediatly', time: [] }, user: [], admins: [], ...extra,
})
const groups = (over) => ({
  listPageConnectedOwner: [], listPageInviteAdmin: [], listPageInvite: [], listPageConnectedOtherTeam: [],
  listPageNotConnected: [], ...over,
})

beforeEach(() => {
  useSessionStore.setState({ token: 't', user: { first_name: 'Karim', last_name: 'T' }, selectedPage: null })
  pagesApi.all.mockResolvedValue({
    facebookPages: groups({
      listPageConnectedOwner: [page('1', 'Sousse Sport', { status: 'listPageConnectedOwner' })],
      listPageConnectedOtherTeam: [page('2', 'Tunis Tech Store', { status: 'listPageConnectedOtherTeam' })],
      listPageNotConnected: [page('3', 'Carthage Cosmetics', { status: 'listPageNotConnected' })],
    }),
    instaPages: groups({}),
  })
})
afterEach(() => {
  vi.clearAllMocks()
  vi.useRealTimers()
})

describe('pages screen', () => {
  it('shows the pages grouped, cut names, k numbers, greyed other team', async () => {
    renderApp('/pages')
    expect(await screen.findByRole('heading', { name: /Connected, you are the owner/ }, SLOW)).toBeTruthy()
    expect(screen.getByRole('heading', { name: /Managed by another team/ })).toBeTruthy()
    expect(screen.getByText('Tunis Tech Sto…')).toBeTruthy()
    expect(screen.getAllByText('15.2k')).toHaveLength(3)
    expect(screen.getByText('This page is managed by another team')).toBeTruthy()
    // Settings and disconnect only on the owner's page
    expect(screen.getAllByRole('button', { name: /^Settings of/ })).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Settings of Sousse Sport' })).toBeTruthy()
  })

  it('a refused connection shows the free-offer message and leads to the plans, keeping the page to connect', async () => {
    pagesApi.connect.mockResolvedValue(false)
    const { path } = renderApp('/pages')
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Carthage Cosmetics' }, SLOW))
    expect(await screen.findByText('You cannot connect this page when on free offer')).toBeTruthy()
    expect(pagesApi.connect).toHaveBeenCalledWith('facebook', '3')
    expect(screen.getByText(/does not include connecting a page: a paid plan does/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'See the plans' }))
    await waitFor(() => expect(path()).toMatch(/^\/home\/billing/))
    expect(JSON.parse(sessionStorage.getItem('pendingConnection')))
      .toEqual({ platform: 'facebook', idPage: '3', name: 'Carthage Cosmetics' })
    sessionStorage.clear()
  })

  it('a filter change shows the loading state for 1500 ms', async () => {
    renderApp('/pages')
    await screen.findByRole('heading', { name: /Not connected/ }, SLOW)
    vi.useFakeTimers()
    fireEvent.click(screen.getByRole('radio', { name: 'Owner' }))
    expect(screen.getByRole('progressbar')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1499))
    expect(screen.getByRole('progressbar')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    vi.useRealTimers()
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull())
    expect(screen.getByRole('heading', { name: /Connected, you are the owner/ })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: /Not connected/ })).toBeNull()
  })

  it('saves the settings as the preferences payload', async () => {
    pagesApi.preferences.mockResolvedValue({})
    renderApp('/pages')
    fireEvent.click(await screen.findByRole('button', { name: 'Settings of Sousse Sport' }, SLOW))
    fireEvent.click(await screen.findByRole('switch', { name: /Anti-spam/ }))
    fireEvent.click(screen.getByText('Randomly'))
    const minutes = screen.getAllByRole('textbox', { name: 'Minutes' })
    const seconds = screen.getAllByRole('textbox', { name: 'Seconds' })
    fireEvent.change(minutes[0], { target: { value: '1' } })
    fireEvent.change(seconds[0], { target: { value: '5' } })
    fireEvent.change(minutes[1], { target: { value: '2' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(pagesApi.preferences).toHaveBeenCalled())
    expect(pagesApi.preferences).toHaveBeenCalledWith('1', 'facebook', {
      platforme: 'facebook', spam: true, likesComment: false, hideComment: false, keepComplaints: false,
      respReplies: { statut: 'Randomly', time: [65000, 120000] },
    })
  })

  it('the disconnect modal says when there is no team member', async () => {
    renderApp('/pages')
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Sousse Sport' }, SLOW))
    expect(await screen.findByText("Sorry ! You don't have any team member.")).toBeTruthy()
  })
})
