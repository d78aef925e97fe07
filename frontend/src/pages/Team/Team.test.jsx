import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/errors'
import { membershipApi } from '../../api/membership'
import { useFeedbackStore } from '../../stores/feedback'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

const amira = { idFacebook: '1', first_name: 'Amira', last_name: 'Ben Salah', profilePictureUrl: 'http://x/p.png' }
const page = { id: '501', name: 'Maison Jasmin', platform: 'facebook', status: 'listPageConnectedOwner' }
const team = [
  { idFacebook: '1', name: 'Amira Ben Salah', role: 'owner', idPage: '501' },
  { idFacebook: '2', name: 'Karim Trabelsi', role: 'invited_member', idPage: '501' },
]
const LINK = 'http://127.0.0.1:5000/abcdefghijklmnopqrstuvwxyz0123456789'

function signIn(selectedPage = page, user = amira) {
  useSessionStore.setState({ token: 'jwt', user, selectedPage })
}

beforeEach(() => {
  useFeedbackStore.setState({ alert: null })
  vi.spyOn(membershipApi, 'listUser').mockResolvedValue(team)
})
afterEach(() => vi.restoreAllMocks())

describe('team screen', () => {
  it('asks to choose a page first when none is selected', async () => {
    signIn(null)
    renderApp('/home/team')
    expect(await screen.findByText(/Choose a page on My pages first/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to My pages' }).getAttribute('href')).toBe('/home/dashboard')
    expect(membershipApi.listUser).not.toHaveBeenCalled()
  })

  it('shows cannotSee outside the team (403) and for a page of another team', async () => {
    membershipApi.listUser.mockRejectedValue(new ApiError('no', { status: 403, code: 'pageNotInTeam' }))
    signIn()
    const first = renderApp('/home/team')
    expect(await screen.findByText("Sorry ! You can't see this team")).toBeTruthy()
    first.unmount()
    signIn({ ...page, status: 'listPageConnectedOtherTeam' })
    renderApp('/home/team')
    expect(await screen.findByText("Sorry ! You can't see this team")).toBeTruthy()
  })

  it('lists the team with the owner highlighted; the owner cannot be removed', async () => {
    signIn()
    renderApp('/home/team')
    const table = await screen.findByRole('table')
    expect(membershipApi.listUser).toHaveBeenCalledWith('501', 'facebook')
    const rows = within(table).getAllByRole('row')
    expect(rows[1].getAttribute('data-role')).toBe('owner')
    expect(within(rows[1]).getByText('Owner')).toBeTruthy()
    expect(within(rows[2]).getByText('Invited member')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Remove Amira Ben Salah' }))
    await waitFor(() => expect(useFeedbackStore.getState().alert?.messageKey).toBe('pages.team.cannotDeleteOwner'))
  })

  it('removes a member after confirmation, with the refreshed team', async () => {
    const remove = vi.spyOn(membershipApi, 'deleteMember').mockResolvedValue([team[0]])
    signIn()
    renderApp('/home/team')
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Karim Trabelsi' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.queryByText('Karim Trabelsi')).toBeNull())
    expect(remove).toHaveBeenCalledWith('501', 'facebook', team[1])
  })

  it('a member who is not the owner sees the team without invite or remove', async () => {
    signIn({ ...page, status: 'listPageInvite' }, { ...amira, idFacebook: '2' })
    renderApp('/home/team')
    await screen.findByRole('table')
    expect(screen.getByText('Only the owner of the page can invite or remove members.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull()
    expect(screen.queryByLabelText(/Member name/)).toBeNull()
  })

  it('refuses a name under 3 characters and says false is the offer limit', async () => {
    const generate = vi.spyOn(membershipApi, 'generate').mockResolvedValue(false)
    signIn()
    renderApp('/home/team')
    const input = await screen.findByLabelText(/Member name/)
    fireEvent.change(input, { target: { value: 'Ka' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate the invitation' }))
    await waitFor(() => expect(useFeedbackStore.getState().alert?.messageKey).toBe('pages.team.validName'))
    expect(generate).not.toHaveBeenCalled()
    useFeedbackStore.setState({ alert: null })
    fireEvent.change(input, { target: { value: 'Karim' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate the invitation' }))
    await waitFor(() => expect(useFeedbackStore.getState().alert?.messageKey).toBe('pages.team.errorOffer'))
  })

  it('picks one non-owner member of another team; a second click unpicks it', async () => {
    const other = { idFacebook: '3', name: 'Sami Gharbi', role: 'invited_member', idPage: '777' }
    const owner = { idFacebook: '4', name: 'Olfa Owner', role: 'owner', idPage: '778' }
    vi.spyOn(membershipApi, 'generate').mockResolvedValue([other, owner])
    const add = vi.spyOn(membershipApi, 'addExistingMember').mockResolvedValue([...team, other])
    signIn()
    renderApp('/home/team')
    fireEvent.change(await screen.findByLabelText(/Member name/), { target: { value: 'Sam' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate the invitation' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Olfa Owner').disabled).toBe(true)
    const sami = within(dialog).getByLabelText('Sami Gharbi')
    fireEvent.click(sami)
    expect(sami.checked).toBe(true)
    fireEvent.click(sami)
    expect(sami.checked).toBe(false)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to the team' }))
    expect(await within(dialog).findByText('Select one team member to invite him.')).toBeTruthy()
    fireEvent.click(sami)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to the team' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(add).toHaveBeenCalledWith('501', 'facebook', other)
    expect(await screen.findByText('Sami Gharbi')).toBeTruthy()
  })

  it('opens the invite modal 1 s after the token, the link cut at 33 characters, and checks the address', async () => {
    vi.spyOn(membershipApi, 'generate').mockResolvedValue({ tokenPage: 'abcdefghijkl', link: LINK, memberName: 'Karim' })
    const send = vi.spyOn(membershipApi, 'sendMail').mockResolvedValue({ message: 'Invitation sent successfully' })
    signIn()
    renderApp('/home/team')
    fireEvent.change(await screen.findByLabelText(/Member name/), { target: { value: 'Karim' } })
    const asked = Date.now()
    fireEvent.click(screen.getByRole('button', { name: 'Generate the invitation' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 2500 })
    expect(Date.now() - asked).toBeGreaterThanOrEqual(950)
    expect(within(dialog).getByText(`${LINK.slice(0, 33)}…`)).toBeTruthy()
    expect(within(dialog).getByLabelText('Name of the person').value).toBe('Karim')
    fireEvent.change(within(dialog).getByLabelText('E-mail address'), { target: { value: 'not-an-address' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the invitation' }))
    expect(await within(dialog).findByText('Invalid email')).toBeTruthy()
    expect(send).not.toHaveBeenCalled()
    fireEvent.change(within(dialog).getByLabelText('E-mail address'), { target: { value: 'karim@example.com' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the invitation' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(send).toHaveBeenCalledWith('501', 'facebook', { email: 'karim@example.com', nameUser: 'Karim', token: 'abcdefghijkl' })
  })
})
