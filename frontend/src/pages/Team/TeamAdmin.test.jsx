import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { membershipApi } from '../../api/membership'
import { pagesApi } from '../../api/pages'
import i18n from '../../i18n'
import { useFeedbackStore } from '../../stores/feedback'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

const amira = { idFacebook: '1', first_name: 'Amira', last_name: 'Ben Salah' }
const page = { id: '501', name: 'Maison Jasmin', platform: 'facebook', status: 'listPageConnectedOwner' }
const team = [
  { idFacebook: '1', name: 'Amira Ben Salah', role: 'owner', idPage: '501' },
  { idFacebook: '2', name: 'Karim Trabelsi', role: 'invited_member', idPage: '501' },
]
const mailed = { id: 7, memberName: 'Sami Guest', email: 'sami@example.com', tokenPage: 'tok7', link: 'http://x/tok7',
  expiresAt: '2030-05-04T10:00:00Z', expired: false }
const expired = { id: 6, memberName: 'Nour Late', email: 'nour@example.com', tokenPage: 'tok6', link: 'http://x/tok6',
  expiresAt: '2020-05-04T10:00:00Z', expired: true }
// A loaded machine renders Mantine slowly: the finds wait up to 5 s.
const SLOW = { timeout: 5000 }
const linkOnly = { id: 5, memberName: 'Rania Link', email: null, tokenPage: 'tok5', link: 'http://x/tok5',
  expiresAt: '2030-05-04T10:00:00Z', expired: false }

beforeEach(() => {
  useFeedbackStore.setState({ alert: null })
  useSessionStore.setState({ token: 'jwt', user: amira, selectedPage: page })
  vi.spyOn(membershipApi, 'listUser').mockResolvedValue(team)
  vi.spyOn(membershipApi, 'invitations').mockResolvedValue([mailed, expired, linkOnly])
})
afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('en')
})

describe('team screen: roles, owner and invitations waiting (issue 42)', { timeout: 30_000 }, () => {
  it("changes a member's role with the team the server answers", async () => {
    const change = vi.spyOn(membershipApi, 'changeRole')
      .mockResolvedValue([team[0], { ...team[1], role: 'invited_admin' }])
    renderApp('/home/team')
    const role = await screen.findByRole('combobox', { name: 'Role of Karim Trabelsi' }, SLOW)
    expect(role.value).toBe('Invited member')
    fireEvent.click(role)
    fireEvent.click(await screen.findByRole('option', { name: 'Invited admin' }, SLOW))
    await waitFor(() => expect(change).toHaveBeenCalledWith('501', 'facebook', team[1], 'invited_admin'), SLOW)
    const shown = () => screen.getByRole('combobox', { name: 'Role of Karim Trabelsi' }).value
    await waitFor(() => expect(shown()).toBe('Invited admin'), SLOW)
    expect(screen.queryByRole('combobox', { name: 'Role of Amira Ben Salah' })).toBeNull()
  })

  it('makes a member the owner from a labelled button, after a confirmation naming them', async () => {
    const hand = vi.spyOn(pagesApi, 'makeOwner').mockResolvedValue(true)
    renderApp('/home/team')
    expect(screen.queryByRole('button', { name: 'Make Amira Ben Salah the owner' })).toBeNull()
    fireEvent.click(await screen.findByRole('button', { name: 'Make Karim Trabelsi the owner' }, SLOW))
    const dialog = await screen.findByRole('dialog', {}, SLOW)
    expect(dialog.textContent).toContain('Make Karim Trabelsi the owner of Maison Jasmin?')
    membershipApi.listUser.mockResolvedValue([{ ...team[1], role: 'owner' }, { ...team[0], role: 'invited_admin' }])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make owner' }))
    await waitFor(() => expect(hand).toHaveBeenCalledWith('facebook', '501', '2'), SLOW)
    expect(await screen.findByText('Only the owner of the page can invite or remove members.', {}, SLOW)).toBeTruthy()
    expect(useSessionStore.getState().selectedPage.status).toBe('listPageInviteAdmin')
  })

  it('says when the new owner\'s offer refuses the handover', async () => {
    vi.spyOn(pagesApi, 'makeOwner').mockResolvedValue(false)
    renderApp('/home/team')
    fireEvent.click(await screen.findByRole('button', { name: 'Make Karim Trabelsi the owner' }, SLOW))
    fireEvent.click(within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: 'Make owner' }))
    const alerted = () => useFeedbackStore.getState().alert?.messageKey
    await waitFor(() => expect(alerted()).toBe('pageCards.disconnect.ownerRefused'), SLOW)
  })

  it('lists the invitations waiting: sent again, revoked after a confirmation, a link alone mailed', async () => {
    const renewed = { ...expired, expired: false, expiresAt: '2030-06-01T10:00:00Z' }
    const resend = vi.spyOn(membershipApi, 'resend').mockResolvedValue(renewed)
    const revoke = vi.spyOn(membershipApi, 'revoke').mockResolvedValue([mailed, expired])
    renderApp('/home/team')
    const list = await screen.findByText('Invitations waiting', {}, SLOW)
    expect(list).toBeTruthy()
    expect(await screen.findByText('Expired', {}, SLOW)).toBeTruthy()
    expect(screen.getByText('Link only: not sent by e-mail yet')).toBeTruthy()
    expect(screen.getAllByText(/^Valid until /)).toHaveLength(2)

    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation of Nour Late again' }))
    await waitFor(() => expect(resend).toHaveBeenCalledWith(6), SLOW)
    await waitFor(() => expect(screen.queryByText('Expired')).toBeNull(), SLOW)

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation of Rania Link' }))
    const dialog = await screen.findByRole('dialog', {}, SLOW)
    expect(dialog.textContent).toContain('Revoke the invitation of Rania Link?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(revoke).toHaveBeenCalledWith(5), SLOW)
    await waitFor(() => expect(screen.queryByText('Rania Link')).toBeNull(), SLOW)
  })

  it('puts the e-mail address first in the invitation form, and speaks French', async () => {
    await i18n.changeLanguage('fr')
    renderApp('/home/team')
    fireEvent.click(await screen.findByRole('button', { name: "Envoyer l'invitation de Rania Link par e-mail" }, SLOW))
    const dialog = await screen.findByRole('dialog', {}, SLOW)
    const fields = within(dialog).getAllByRole('textbox')
    expect(fields.map((field) => field.labels[0].textContent)).toEqual(['Adresse e-mail', 'Nom de la personne'])
    expect(fields[1].value).toBe('Rania Link')
    expect(screen.getByText('Invitations en attente')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Rendre Karim Trabelsi propriétaire' })).toBeTruthy()
  })
})
