import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { privacyApi } from '../../api/privacy'
import { ApiError } from '../../api/errors'
import { setLanguage } from '../../i18n'
import { renderApp } from '../../test/renderApp'

const SLOW = { timeout: 8000 }
const CODE = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822c'
const request = (extra) => ({ confirmationCode: CODE, requestedAt: '2026-11-29T10:00:00', completedAt: null,
  status: 'pending', deleted: {}, ...extra })

afterEach(async () => {
  vi.restoreAllMocks()
  await setLanguage('en')
})

describe('data deletion status page (/deletion/:code)', { timeout: 30000 }, () => {
  it('shows a pending request with its code, read with the code of the address', async () => {
    vi.spyOn(privacyApi, 'deletion').mockResolvedValue(request())
    renderApp(`/deletion/${CODE}`)
    expect(await screen.findByText('In progress', {}, SLOW)).toBeTruthy()
    expect(privacyApi.deletion).toHaveBeenCalledWith(CODE)
    expect(screen.getByText(CODE)).toBeTruthy()
    expect(screen.getByText('Received from Facebook on 29 November 2026.')).toBeTruthy()
    expect(screen.getByText(/We are deleting what we hold about you/)).toBeTruthy()
  })

  it('shows a done request with what was deleted', async () => {
    vi.spyOn(privacyApi, 'deletion').mockResolvedValue(request({
      status: 'done', completedAt: '2026-11-29T10:00:05', deleted: { account: 1, comments: 3, profiles: 0 } }))
    renderApp(`/deletion/${CODE}`)
    expect(await screen.findByText('Done', {}, SLOW)).toBeTruthy()
    expect(screen.getByText('Done on 29 November 2026. We deleted:')).toBeTruthy()
    expect(screen.getByText('your account (your sign-in, your teams, plans and payments)')).toBeTruthy()
    expect(screen.getByText('3 comments you wrote on pages using our service, with the replies planned for them'))
      .toBeTruthy()
    expect(screen.getByText('no commenter profile')).toBeTruthy()
  })

  it('speaks French when French is chosen', async () => {
    await setLanguage('fr')
    vi.spyOn(privacyApi, 'deletion').mockResolvedValue(request({
      status: 'done', completedAt: '2026-11-29T10:00:05', deleted: { account: 0, comments: 1, profiles: 1 } }))
    renderApp(`/deletion/${CODE}`)
    expect(await screen.findByText('Terminée', {}, SLOW)).toBeTruthy()
    expect(screen.getByText('Votre demande de suppression de données')).toBeTruthy()
    expect(screen.getByText('votre profil de commentateur sur 1 page')).toBeTruthy()
  })

  it('says when no request has the code', async () => {
    vi.spyOn(privacyApi, 'deletion').mockRejectedValue(new ApiError('not found', { code: 'deletion_not_found', status: 404 }))
    renderApp('/deletion/unknown')
    expect(await screen.findByText(/No data deletion request has this confirmation code/, {}, SLOW)).toBeTruthy()
  })
})
