import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import { useWizardStore } from '../../stores/wizard'
import TestStep from './TestStep'
import { wizardApi } from '../../api/wizard'
import { stubCalls } from '../../test/stubCalls'

stubCalls(wizardApi, 'project', 'test', 'live')

const page = { idPage: '99', name: 'Maison Jasmin', platform: 'facebook' }
let arrived = null

function MyAgents() {
  arrived = useLocation().state
  return <p>My agents here</p>
}

function renderStep() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/home/auto-wizard']}>
      <Routes>
        <Route path="/home/auto-wizard" element={<TestStep page={page} projectId={7} idPost="99_1" onBack={() => {}} />} />
        <Route path="/home/my-agents" element={<MyAgents />} />
      </Routes>
    </MemoryRouter>,
  )
}

beforeEach(() => {
  arrived = null
  useWizardStore.getState().resetAll()
  wizardApi.project.mockResolvedValue({ _id: 7, live: false })
})
afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})

describe('test step (spec 001 §2 step 3, §8)', { timeout: 20000 }, () => {
  it("shows the agent's reply with its buttons, and I didn't understand when nothing matches", async () => {
    wizardApi.test.mockResolvedValueOnce([{ response: { text: 'Le caftan est à 180 DT.', buttons: [{ type: 'web_url', title: 'Boutique', url: 'https://x.tn' }] } }])
    wizardApi.test.mockResolvedValueOnce([])
    renderStep()
    const input = screen.getByLabelText('Write a comment…')
    fireEvent.change(input, { target: { value: "C'est combien le caftan ?" } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Le caftan est à 180 DT.')).toBeTruthy()
    expect(screen.getByText('Boutique')).toBeTruthy()
    expect(wizardApi.test).toHaveBeenCalledWith("C'est combien le caftan ?", '99_1')
    fireEvent.change(input, { target: { value: 'Une voiture rouge ?' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText("I didn't understand. Sorry !")).toBeTruthy()
  })

  it('says a failed test message with a Retry that sends it again', async () => {
    wizardApi.test.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce([{ response: { text: 'Oui' } }])
    renderStep()
    fireEvent.change(screen.getByLabelText('Write a comment…'), { target: { value: 'dispo ?' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Error while getting the message. Try Again!')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Oui')).toBeTruthy()
    expect(wizardApi.test).toHaveBeenLastCalledWith('dispo ?', '99_1')
  })

  it('finishes with a 1.5 s spinner, then activate now sets the agent live and goes to My agents with the page', async () => {
    wizardApi.live.mockResolvedValue({ status: true, msg: 'activated', code: 'done', live: true, trained: true })
    renderStep()
    await waitFor(() => expect(wizardApi.project).toHaveBeenCalled())
    vi.useFakeTimers()
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }))
    expect(screen.getByLabelText('Finishing…')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1400))
    expect(screen.queryByRole('dialog', { name: 'Activate your agent' })).toBeNull()
    act(() => vi.advanceTimersByTime(100))
    vi.useRealTimers()
    await screen.findByRole('dialog', { name: 'Activate your agent' })
    fireEvent.click(screen.getByRole('button', { name: 'Activate now' }))
    expect(await screen.findByText('My agents here')).toBeTruthy()
    expect(wizardApi.live).toHaveBeenCalledWith(7, true)
    expect(arrived).toEqual({ page })
  })

  it("offers update now or later for an active agent; the plan's refusal is said with a Retry", async () => {
    wizardApi.project.mockResolvedValue({ _id: 7, live: true, trained: false, trainedVersion: 3 })
    wizardApi.live.mockResolvedValueOnce({ status: false, code: 'plan_expired', msg: 'expired' })
      .mockResolvedValueOnce({ status: true, code: 'done', live: true, trained: true })
    renderStep()
    await waitFor(() => expect(wizardApi.project).toHaveBeenCalled())
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }))
    await screen.findByRole('dialog', { name: 'Update your agent' }, { timeout: 4000 })
    expect(screen.getByText(/Your agent is live\. Update now trains it on your changes/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Update now' }))
    expect(await screen.findByText('You cannot activate the agent now, your offre is expired. Please pick up another pack')).toBeTruthy()
    expect(wizardApi.live).toHaveBeenCalledWith(7, true, false)
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('My agents here')).toBeTruthy()
    expect(wizardApi.live).toHaveBeenCalledTimes(2)
  })

  it('later only goes to My agents', async () => {
    renderStep()
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }))
    await screen.findByRole('dialog', { name: 'Activate your agent' }, { timeout: 4000 })
    fireEvent.click(screen.getByRole('button', { name: 'Later' }))
    expect(await screen.findByText('My agents here')).toBeTruthy()
    expect(wizardApi.live).not.toHaveBeenCalled()
  })

  it('never says active unless the server answers live and trained; no intent leads back to the configuration', async () => {
    const onBack = vi.fn()
    wizardApi.project.mockResolvedValue({ _id: 7, live: true, trained: false, trainedVersion: null })
    wizardApi.live.mockResolvedValueOnce({ status: true, code: 'done', live: true, trained: false })
      .mockResolvedValueOnce({ status: false, code: 'no_intents', msg: 'You have to add at least one intent !' })
    renderWithProviders(
      <MemoryRouter><TestStep page={page} projectId={7} idPost="99_1" onBack={onBack} /></MemoryRouter>,
    )
    await waitFor(() => expect(wizardApi.project).toHaveBeenCalled())
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }))
    await screen.findByRole('dialog', { name: 'Update your agent' }, { timeout: 4000 })
    expect(screen.getByText(/switched on but was never trained, so it answers no comment yet/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Update now' }))
    expect(await screen.findByText(/could not be trained on its latest changes/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText(/has no intent yet, so it cannot answer anything/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Back to the configuration' }))
    expect(onBack).toHaveBeenCalled()
  })
})
