import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import AgentTable from './AgentTable'

const handlers = { onPending: () => {}, onToggle: () => {}, onEdit: () => {}, onComments: () => {}, onDelete: () => {} }
const project = (id, post) => ({ _id: id, intents: [{ name: 'delivery' }], trained: true, live: true, logs: 0,
  createDate: '2026-11-20T10:00:00Z', lastUpdate: '2026-11-21T10:00:00Z', post })

describe('agents table', () => {
  it("names a page's agent in the message column, and cuts a post's message", () => {
    renderWithProviders(<AgentTable busyId={null} handlers={handlers} agents={[
      project('1', { idPage: '77', idPost: '77', message: '' }),
      project('2', { idPage: '77', idPost: '77_9', message: 'Nouvelle collection de caftans brodés main, livraison offerte' }),
    ]} />)
    const messages = [...document.querySelectorAll('.agent-message')].map((cell) => cell.textContent)
    expect(messages[0]).toBe('Whole page (generic agent)')
    expect(messages[1]).toMatch(/^Nouvelle collection de caftans brodés.*…$/)
    expect(messages[1].length).toBeLessThanOrEqual(41) // cut to 40 characters plus the ellipsis
    expect(screen.getAllByRole('row')).toHaveLength(3)
  }, 30000)
})
