import { fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import i18n from '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import ChatSimulator from './ChatSimulator'
import { wizardApi } from '../../api/wizard'
import { stubCalls } from '../../test/stubCalls'

stubCalls(wizardApi, 'test')

const answeredWhy = {
  language: 'fr', threshold: 0.45, answered: true, intent: 'price', product: 'Robe rouge', reason: null,
  intents: [{ intent: 'price', score: 0.91, inAgent: true, aboveThreshold: true }],
  products: [{ product: 'Robe rouge', category: 'Robes', score: 1, words: 'robe rouge' }], actions: [], proposals: [],
}
const leftWhy = {
  language: 'fr', threshold: 0.45, answered: false, intent: null, reason: 'intent_not_in_agent',
  reasonText: 'The comment is about delivery, an intent this agent does not have.',
  intents: [{ intent: 'delivery', score: 0.88, inAgent: false, aboveThreshold: true }], products: [], actions: [],
}

function Simulator() {
  const [messages, setMessages] = useState([])
  return <ChatSimulator idPost="99_1" messages={messages} onMessages={(more) => setMessages([...messages, ...more])} />
}

async function say(text, label) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } })
  fireEvent.submit(screen.getByLabelText(label).closest('form'))
}

afterEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
})

describe('chat simulator: the why of a test comment (issue 42)', { timeout: 20000 }, () => {
  it('opens the same why as a live comment under the reply, without actions', async () => {
    const reply = { response: { text: 'La robe rouge: 59 DT.', buttons: [] }, why: answeredWhy }
    wizardApi.test.mockResolvedValueOnce([reply])
    renderWithProviders(<Simulator />)
    await say('combien la robe rouge ?', 'Write a comment…')
    fireEvent.click(await screen.findByRole('button', { name: 'Why this answer?' }))
    const panel = document.querySelector('.wizard__whyPanel')
    expect(within(panel).getByText('91%')).toBeTruthy()
    expect(within(panel).getByText('Robe rouge')).toBeTruthy()
    expect(panel.textContent).not.toContain('Actions')
    expect(screen.getByRole('button', { name: 'Hide the why' })).toBeTruthy()
  })

  it("says I didn't understand in French, and why no answer", async () => {
    await i18n.changeLanguage('fr')
    wizardApi.test.mockResolvedValueOnce([{ response: null, why: leftWhy }])
    renderWithProviders(<Simulator />)
    await say('Vous livrez à Sousse ?', 'Écrire un commentaire…')
    expect(await screen.findByText("Je n'ai pas compris. Désolé !")).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Pourquoi aucune réponse ?' }))
    expect(document.querySelector('.wizard__whyPanel .why__reason')).toBeTruthy()
  })
})
