import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import i18n from '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import WhyPanel from './WhyPanel'

const action = (kind, cancelled) => ({ kind, manual: false, state: 'cancelled', text: null, buttons: [], dueAt: null,
  sentAt: null, attempts: 0, error: null, resultId: null, note: null, cancelled })
const logWith = (reason, cancelled) => ({
  _id: 1, project: 1,
  why: { language: 'fr', threshold: 0.5, intents: [], products: [], answered: false, intent: 'price', product: null,
    reason, reasonText: null, negative: false, link: false, proposals: [],
    actions: [action('private_reply', cancelled), action('like', cancelled)] },
})

describe("the why of an answer that did not go (issue 43: a deleted comment, Meta's 7-day window)", () => {
  it('says the comment was deleted by its author, on the outcome and on each cancelled action', () => {
    renderWithProviders(<WhyPanel log={logWith('removed', 'removed')} />)
    expect(screen.getByText('The comment was deleted by its author: nothing still planned for it was sent.')).toBeTruthy()
    const actions = screen.getAllByRole('listitem')
    expect(actions).toHaveLength(2)
    for (const item of actions) {
      expect(within(item).getByText('cancelled')).toBeTruthy()
      expect(within(item).getByText('Cancelled: the comment was deleted by its author.')).toBeTruthy()
    }
  }, 30000)

  it('says in French that Meta accepts a private reply only within 7 days', async () => {
    await i18n.changeLanguage('fr')
    try {
      renderWithProviders(<WhyPanel log={logWith('too_old', 'too_old')} />)
      expect(screen.getByText(/Meta n'accepte une réponse privée que dans les 7 jours qui suivent/)).toBeTruthy()
      expect(screen.getAllByText('annulée')).toHaveLength(2)
    } finally {
      await i18n.changeLanguage('en')
    }
  }, 30000)
})

describe('the why of a hidden negative comment (issue 41): abuse or a complaint', () => {
  const hidden = (negativeKind) => ({
    _id: 2, project: 1,
    why: { language: 'tn', threshold: 0.5, intents: [], products: [], answered: false, intent: null, product: null,
      reason: 'negative_hidden', reasonText: null, negative: true, negativeKind, link: false, proposals: [],
      actions: [{ ...action('hide'), state: 'done' }] },
  })

  it('says an insult was hidden as abusive, and a complaint as a complaint', () => {
    renderWithProviders(<WhyPanel log={hidden('abusive')} />)
    expect(screen.getByText(/An abusive comment \(insult, hate, obscenity or threat\), hidden/)).toBeTruthy()
    expect(screen.getByText('Abusive')).toBeTruthy()
  }, 30000)

  it('says in French that a complaint was hidden', async () => {
    await i18n.changeLanguage('fr')
    try {
      renderWithProviders(<WhyPanel log={hidden('complaint')} />)
      expect(screen.getByText(/Une plainte sur la boutique, masquée/)).toBeTruthy()
      expect(screen.getByText('Plainte')).toBeTruthy()
    } finally {
      await i18n.changeLanguage('en')
    }
  }, 30000)
})
