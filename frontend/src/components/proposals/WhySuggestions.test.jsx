import { screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import WhyPanel from '../agentMessages/WhyPanel'

const log = (proposals) => ({ _id: 1, project: 7, why: { intents: [], products: [], actions: [], answered: false,
  reason: 'below_threshold', proposals } })

describe('the why panel links the proposals a comment fed', () => {
  it('says each suggestion in one line and opens its agent\'s Suggestions screen', () => {
    renderWithProviders(<MemoryRouter><WhyPanel log={log([
      { _id: 3, kind: 'synonym', value: 'robe jasmeen', target: 'Robe Jasmin', state: 'open', agent: 7 },
      { _id: 4, kind: 'intent', value: 'opening_hours', target: 'opening_hours', state: 'accepted', agent: 7 },
      { _id: 5, kind: 'synonym', value: '<b>jebba</b>', target: null, state: 'open', agent: 7 },
    ])} /></MemoryRouter>)
    const links = screen.getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'Suggested: synonym “robe jasmeen” for Robe Jasmin', 'Accepted: intent Opening hours',
      'Suggested: synonym “<b>jebba</b>”'])  // a comment's words are text, never HTML
    expect(links.every((link) => link.getAttribute('href') === '/home/agent-suggestions/7')).toBe(true)
  }, 30000)

  it('shows nothing when the comment fed no proposal', () => {
    renderWithProviders(<MemoryRouter><WhyPanel log={log([])} /></MemoryRouter>)
    expect(screen.queryByText('Suggested:', { exact: false })).toBeNull()
  }, 30000)
})
