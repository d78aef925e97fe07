import { fireEvent, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../i18n'
import AlertDialog from '../../components/feedback/AlertDialog'
import { renderWithProviders } from '../../test/renderApp'
import { useWizardStore } from '../../stores/wizard'
import WizardPopupPage from '../WizardPopup'
import AutoWizardPage from '.'
import { pagesApi } from '../../api/pages'
import { wizardApi } from '../../api/wizard'
import { stubCalls } from '../../test/stubCalls'

stubCalls(pagesApi, 'connected')
stubCalls(wizardApi, 'posts', 'activeProjects', 'addProject', 'intents', 'project', 'categories')

const jasmin = { idPage: '11', id: '11', name: 'Maison Jasmin', whiteSet: true }
const connected = {
  facebookPages: { listPageConnectedOwner: [jasmin], listPageConnectedOtherTeam: [{ idPage: '12', name: 'Autre équipe' }] },
  instaPages: { listPageInvite: [{ idPage: '13', name: 'maison.jasmin' }] },
}

function renderWizard(path = '/home/auto-wizard') {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/home/wizard-popup" element={<WizardPopupPage />} />
        <Route path="/home/auto-wizard" element={<AutoWizardPage />} />
        <Route path="/home/my-agents" element={<p>My agents here</p>} />
      </Routes>
      <AlertDialog />
    </MemoryRouter>,
  )
}

beforeEach(() => {
  useWizardStore.getState().resetAll()
  pagesApi.connected.mockResolvedValue(connected)
  wizardApi.intents.mockResolvedValue([])
  wizardApi.categories.mockResolvedValue([])
  wizardApi.project.mockResolvedValue({ _id: 5, intents: [] })
})
afterEach(() => vi.clearAllMocks())

describe('wizard (spec 001 §2, §4)', { timeout: 20000 }, () => {
  it('without an intent type goes to the popup, whose choice resets the wizard and opens step 0', async () => {
    useWizardStore.setState({ step: 2, projectId: 9 })
    renderWizard()
    const choose = await screen.findByRole('button', { name: 'Choose: The whole page' })
    useWizardStore.setState({ intentType: null })
    fireEvent.click(choose)
    expect(await screen.findByRole('heading', { name: 'Agent wizard' })).toBeTruthy()
    expect(useWizardStore.getState()).toMatchObject({ intentType: 'generic', step: 0, projectId: null })
  })

  it('offers the pages of the three statuses by tab; Next needs a page; Back goes to the popup', async () => {
    useWizardStore.getState().start('default')
    renderWizard()
    expect(await screen.findByRole('radio', { name: 'Maison Jasmin' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'maison.jasmin' })).toBeTruthy()
    expect(screen.queryByRole('radio', { name: 'Autre équipe' })).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: 'Instagram' }))
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Maison Jasmin' })).toBeNull())
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Please select a page')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(useWizardStore.getState().step).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('dialog', { name: 'Create an agent' })).toBeTruthy()
  })

  it('lists the posts newest first; a post with an agent cannot be chosen; Next needs a post and creates the agent', async () => {
    useWizardStore.getState().start('default')
    useWizardStore.getState().selectPage({ ...jasmin, platform: 'facebook', status: 'listPageConnectedOwner' })
    useWizardStore.setState({ step: 1 })
    wizardApi.posts.mockResolvedValue([
      { id: '11_1', idPost: '11_1', message: 'Ancienne publication', created_time: '2026-01-01T10:00:00+0000', type: 'added_photos' },
      { id: '11_2', idPost: '11_2', message: 'Nouvelle collection de caftans brodés à la main', created_time: '2026-03-01T10:00:00+0000' },
      { id: '11_3', idPost: '11_3', message: 'Déjà un agent', created_time: '2026-02-01T10:00:00+0000' },
    ])
    wizardApi.activeProjects.mockResolvedValue([{ post: { idPost: '11_3' }, intents: [{ key: 'price' }], trained: true, live: false }])
    wizardApi.addProject.mockResolvedValue(5)
    renderWizard()
    const rows = await screen.findAllByRole('row')
    expect(rows.slice(1).map((row) => row.getAttribute('data-post'))).toEqual(['11_2', '11_3', '11_1'])
    expect(rows[1].textContent).toContain('Nouvelle collection de caftans brodés à …')
    expect(rows[2].textContent).toContain('Not active')
    expect(rows[3].textContent).toContain('Photo')
    expect(screen.getByRole('radio', { name: 'Choose Déjà un agent' }).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Please select a post')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'Choose Nouvelle collection de caftans brodés à …' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(useWizardStore.getState().step).toBe(2))
    expect(wizardApi.addProject).toHaveBeenCalledWith(expect.objectContaining({ idPage: '11', idPost: '11_2',
      typePage: 'facebook', name: 'Maison Jasmin' }))
    expect(useWizardStore.getState().projectId).toBe(5)
    expect(await screen.findByText('Nouvelle collect…')).toBeTruthy()
  })

  it('sends a generic agent from the page straight to step 2, its post being the page', async () => {
    useWizardStore.getState().start('generic')
    wizardApi.addProject.mockResolvedValue(6)
    renderWizard()
    fireEvent.click(await screen.findByRole('radio', { name: 'Maison Jasmin' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(useWizardStore.getState().step).toBe(2))
    expect(wizardApi.addProject).toHaveBeenCalledWith(expect.objectContaining({ idPage: '11', idPost: '11' }))
    expect(await screen.findByText('All the posts of the page')).toBeTruthy()
    // Back from step 2 of a generic agent is step 0.
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }))
    await waitFor(() => expect(useWizardStore.getState().step).toBe(0))
  })
})
