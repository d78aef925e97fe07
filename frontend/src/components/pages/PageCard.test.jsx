import { fireEvent, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import PageCard from './PageCard'

vi.mock('../../api/pages', () => ({
  pagesApi: { makeOwner: vi.fn(), remove: vi.fn(), preferences: vi.fn(), publicReply: vi.fn() },
}))
const { pagesApi } = await import('../../api/pages')

const team = [
  { idFacebook: '1', name: 'Karim Trabelsi', role: 'owner' },
  { idFacebook: '2', name: 'Amira Ben Salah', role: 'invited_admin' },
]
const ownerPage = (extra = {}) => ({
  idPage: '55', name: 'Sousse Sport', platform: 'facebook', status: 'listPageConnectedOwner', fans: 2310,
  interactions: 34, user: team, admins: team, spam: false, likesComment: false, hideComment: false,
  public_reply: { statut: false, message: '' }, respReplies: { statut: 'immediatly', time: [] }, ...extra,
})

function renderCard(page, props = {}) {
  renderWithProviders(<MemoryRouter><PageCard page={page} {...props} /></MemoryRouter>)
}

afterEach(() => vi.clearAllMocks())

describe('page card', () => {
  it('makes another member the owner: a choice is needed, an owner cannot be picked, then the confirmation', async () => {
    pagesApi.makeOwner.mockResolvedValue(true)
    const onChanged = vi.fn()
    renderCard(ownerPage(), { onChanged })
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Sousse Sport' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Make owner' }))
    expect(await screen.findByText('Please select a new owner !')).toBeTruthy()
    fireEvent.click(screen.getByLabelText('New owner', { selector: 'input' }))
    fireEvent.click(await screen.findByRole('option', { name: /Karim Trabelsi/ }))
    expect(await screen.findByText('Owner Already !')).toBeTruthy()
    fireEvent.click(screen.getByLabelText('New owner', { selector: 'input' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Amira Ben Salah' }))
    fireEvent.click(screen.getByRole('button', { name: 'Make owner' }))
    expect(await screen.findByText('Amira Ben Salah is now the owner of this page.')).toBeTruthy()
    expect(pagesApi.makeOwner).toHaveBeenCalledWith('facebook', '55', '2')
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(onChanged).toHaveBeenCalled())
  }, 20000)

  it("says when the new owner's offer refuses it", async () => {
    pagesApi.makeOwner.mockResolvedValue(false)
    renderCard(ownerPage())
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Sousse Sport' }))
    fireEvent.click(await screen.findByLabelText('New owner', { selector: 'input' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Amira Ben Salah' }))
    fireEvent.click(screen.getByRole('button', { name: 'Make owner' }))
    expect(await screen.findByText('The offer of the new owner does not allow this operation')).toBeTruthy()
  }, 20000)

  it('Instagram settings hide the likes and public-reply switches; times are disabled when immediate', async () => {
    renderCard(ownerPage({ platform: 'instagram', name: 'tunistech' }))
    fireEvent.click(screen.getByRole('button', { name: 'Settings of tunistech' }))
    expect(await screen.findByRole('switch', { name: /Anti-spam/ })).toBeTruthy()
    expect(screen.queryByRole('switch', { name: 'Like matched comments' })).toBeNull()
    expect(screen.queryByRole('switch', { name: 'Public reply' })).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Minutes' }).disabled).toBe(true)
    fireEvent.click(screen.getByRole('switch', { name: 'Delay before replying' }))
    expect(screen.getByRole('radio', { name: 'Exactly' }).checked).toBe(true)
    expect(screen.getByRole('textbox', { name: 'Minutes' }).disabled).toBe(false)
  })

  it('turning the public reply off saves statut false and an empty message', async () => {
    pagesApi.publicReply.mockResolvedValue({})
    const onChanged = vi.fn()
    renderCard(ownerPage({ public_reply: { statut: true, message: 'Merci' } }), { onChanged })
    fireEvent.click(screen.getByRole('button', { name: 'Settings of Sousse Sport' }))
    fireEvent.click(await screen.findByRole('switch', { name: 'Public reply' }))
    await waitFor(() => expect(pagesApi.publicReply).toHaveBeenCalledWith('55', 'facebook', false, ''))
    await waitFor(() => expect(onChanged).toHaveBeenCalled())
  })
})
