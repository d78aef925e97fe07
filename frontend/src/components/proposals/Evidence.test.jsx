import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../test/renderApp'
import Evidence from './Evidence'
import { EVIDENCE_FIRST } from './proposalModel'

const comments = Array.from({ length: EVIDENCE_FIRST + 2 }, (_, index) => ({ message: `comment ${index}` }))
const proposal = { comments: comments.length, commenters: 4, evidence: comments }

/** Mantine's Collapse keeps its content in the page, hidden from readers and screen readers while closed. */
function shown(text) {
  return !screen.getByText(text, { exact: false }).closest('[aria-hidden="true"]')
}

describe('a proposal\'s evidence', () => {
  it('shows the first comments, and the rest after Show all', async () => {
    renderWithProviders(<Evidence proposal={proposal} />)
    const last = `comment ${comments.length - 1}`
    expect(shown('comment 0')).toBe(true)
    expect(shown(last)).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: `Show all ${comments.length}` }))
    await waitFor(() => expect(shown(last)).toBe(true))
  })
})
