import { fireEvent, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../i18n'
import Providers from '../../providers'
import { renderWithProviders } from '../../test/renderApp'
import PageCard from './PageCard'
import { pagesApi } from '../../api/pages'
import { stubCalls } from '../../test/stubCalls'

stubCalls(pagesApi, 'makeOwner', 'remove', 'preferences', 'publicReply')

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
  it('says why a page stopped and gives its owner the button to connect it again', () => {
    const onConnect = vi.fn()
    renderCard(ownerPage({ needsReconnect: true, reconnectReason: 'app_removed' }), { onConnect })
    expect(screen.getByText('Needs reconnecting')).toBeTruthy()
    expect(screen.getByText(/The app was removed from the Facebook account that connected this page/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect Sousse Sport' }))
    expect(onConnect).toHaveBeenCalledWith(expect.objectContaining({ idPage: '55' }))
  })

  it('says when the daily check found Facebook ended the page\'s access', () => {
    renderCard(ownerPage({ needsReconnect: true, reconnectReason: 'token_revoked' }), { onConnect: vi.fn() })
    expect(screen.getByText(/Facebook ended the access of the account that connected this page/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Reconnect Sousse Sport' })).toBeTruthy()
  })

  it('shows a member that the page stopped, without the owner\'s button', () => {
    renderCard(ownerPage({ status: 'listPageInvite', needsReconnect: true, reconnectReason: null }),
      { onConnect: vi.fn() })
    expect(screen.getByText(/Facebook no longer accepts this page's access/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Reconnect Sousse Sport' })).toBeNull()
  })

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

  it('turning the public reply off is saved with the rest, once, by Save: statut false and an empty message', async () => {
    pagesApi.preferences.mockResolvedValue({})
    pagesApi.publicReply.mockResolvedValue({})
    const onChanged = vi.fn()
    renderCard(ownerPage({ public_reply: { statut: true, message: 'Merci' } }), { onChanged })
    fireEvent.click(screen.getByRole('button', { name: 'Settings of Sousse Sport' }))
    fireEvent.click(await screen.findByRole('switch', { name: 'Public reply' }))
    expect(pagesApi.publicReply).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(pagesApi.publicReply).toHaveBeenCalledWith('55', 'facebook', false, ''))
    expect(pagesApi.preferences).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(onChanged).toHaveBeenCalled())
  })

  it('keeps the switches toggled before the public reply is turned on, and saves them with its message', async () => {
    pagesApi.preferences.mockResolvedValue({})
    pagesApi.publicReply.mockResolvedValue({})
    renderCard(ownerPage())
    fireEvent.click(screen.getByRole('button', { name: 'Settings of Sousse Sport' }))
    fireEvent.click(await screen.findByRole('switch', { name: /Anti-spam/ }))
    fireEvent.click(screen.getByRole('switch', { name: 'Public reply' }))
    expect(screen.getByRole('switch', { name: /Anti-spam/ }).checked).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(/Write the message posted under matched comments/)).toBeTruthy()
    expect(pagesApi.preferences).not.toHaveBeenCalled()
    fireEvent.change(screen.getByRole('textbox', { name: /Public reply message/ }), { target: { value: 'Merci !' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(pagesApi.publicReply).toHaveBeenCalledWith('55', 'facebook', true, 'Merci !'))
    expect(pagesApi.preferences.mock.calls[0][2]).toMatchObject({ spam: true, likesComment: false })
  })

  it('opened again before the card is reloaded, shows what was just saved, and a second Save sends the change', async () => {
    pagesApi.preferences.mockResolvedValue({})
    pagesApi.publicReply.mockResolvedValue({})
    renderCard(ownerPage(), { onChanged: () => new Promise(() => {}) }) // the reload has not answered yet
    fireEvent.click(screen.getByRole('button', { name: 'Settings of Sousse Sport' }))
    fireEvent.click(await screen.findByRole('switch', { name: /Anti-spam/ }))
    fireEvent.click(screen.getByRole('switch', { name: 'Public reply' }))
    fireEvent.change(screen.getByRole('textbox', { name: /Public reply message/ }), { target: { value: ' Merci ! ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Settings of Sousse Sport' }))
    expect((await screen.findByRole('switch', { name: /Anti-spam/ })).checked).toBe(true)
    expect(screen.getByRole('switch', { name: 'Public reply' }).checked).toBe(true)
    expect(screen.getByRole('textbox', { name: /Public reply message/ }).value).toBe('Merci !')
    fireEvent.click(screen.getByRole('switch', { name: 'Public reply' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(pagesApi.publicReply).toHaveBeenLastCalledWith('55', 'facebook', false, ''))
    expect(pagesApi.preferences.mock.calls[1][2]).toMatchObject({ spam: true })
  })

  it('opened again while the reload runs on a screen that copies its pages each render, shows what was saved', async () => {
    pagesApi.preferences.mockResolvedValue({})
    const inCard = (page) => <MemoryRouter><PageCard page={page} onChanged={() => new Promise(() => {})} /></MemoryRouter>
    const { rerender } = renderWithProviders(inCard(ownerPage()))
    fireEvent.click(screen.getByRole('button', { name: 'Settings of Sousse Sport' }))
    fireEvent.click(await screen.findByRole('switch', { name: /Anti-spam/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    rerender(<Providers env="test">{inCard(ownerPage())}</Providers>) // the same old settings, in a new object

    fireEvent.click(screen.getByRole('button', { name: 'Settings of Sousse Sport' }))
    expect((await screen.findByRole('switch', { name: /Anti-spam/ })).checked).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The reload answers with what someone else saved since: the form shows the server's values.
    rerender(<Providers env="test">{inCard(ownerPage({ spam: false, hideComment: true }))}</Providers>)
    fireEvent.click(screen.getByRole('button', { name: 'Settings of Sousse Sport' }))
    expect((await screen.findByRole('switch', { name: /Anti-spam/ })).checked).toBe(false)
    expect(screen.getByRole('switch', { name: 'Hide negative comments' }).checked).toBe(true)
  })

  it('offers to keep complaints visible once negative comments are hidden, and saves both', async () => {
    pagesApi.preferences.mockResolvedValue({})
    renderCard(ownerPage())
    fireEvent.click(screen.getByRole('button', { name: 'Settings of Sousse Sport' }))
    fireEvent.click(await screen.findByRole('switch', { name: 'Hide negative comments' }))
    fireEvent.click(screen.getByRole('switch', { name: /Keep complaints visible/ }))
    expect(screen.getByText(/Hide only insults, hate, obscenity and threats/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(pagesApi.preferences).toHaveBeenCalledTimes(1))
    expect(pagesApi.preferences.mock.calls[0][2]).toMatchObject({ hideComment: true, keepComplaints: true })
  })

  it('refuses 70 seconds with its message instead of changing it, and saves nothing', async () => {
    renderCard(ownerPage())
    fireEvent.click(screen.getByRole('button', { name: 'Settings of Sousse Sport' }))
    fireEvent.click(await screen.findByRole('switch', { name: 'Delay before replying' }))
    const seconds = screen.getByRole('textbox', { name: 'Seconds' })
    fireEvent.change(seconds, { target: { value: '70' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(/Seconds go from 0 to 59/)).toBeTruthy()
    expect(screen.getByText('Nothing was saved: correct the fields in red, then save.')).toBeTruthy()
    expect(seconds.value).toBe('70')
    expect(pagesApi.preferences).not.toHaveBeenCalled()
  })
})
