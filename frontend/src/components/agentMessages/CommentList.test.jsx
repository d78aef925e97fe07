import { fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import i18n from '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import CommentList from './CommentList'
import { intentLabel } from '../../i18n/intentLabel'
import { MATCHED, NOT_MATCHED, SLIDER_DEFAULTS, splitLogs, visibleComments } from './commentModel'

const logs = [
  { _id: 1, comment_id: 'c1', success: true, message: 'Livraison à Sfax ?', intent: [{ intent: 'delivery', score: 0.5 }],
    publisher: { name: 'Leila Mansour' }, state: 'treated' },
  { _id: 2, comment_id: 'c2', success: true, message: 'Delivery to Tunis?', intent: [{ intent: 'delivery', score: 0.95 }],
    publisher: { name: 'Sami Gharbi' }, state: 'treated' },
  { _id: 3, comment_id: 'c3', success: false, message: 'Bravo à toute l’équipe', intent: [],
    publisher: { name: 'Leila Mansour' }, state: 'untreated' },
]

/** The list as the screen holds it: a tab and each tab's filters, starting on the specified defaults. */
function Screen() {
  const split = splitLogs(logs)
  const [tab, setTab] = useState(MATCHED)
  const [filters, setFilters] = useState({
    [MATCHED]: { query: '', range: SLIDER_DEFAULTS[MATCHED], intent: null },
    [NOT_MATCHED]: { query: '', range: SLIDER_DEFAULTS[NOT_MATCHED], intent: null },
  })
  const lists = { [MATCHED]: split.matched, [NOT_MATCHED]: split.notMatched }
  return (
    <CommentList tab={tab} onTab={setTab} counts={{ [MATCHED]: 2, [NOT_MATCHED]: 1 }}
      comments={visibleComments(lists[tab], tab, filters[tab])} selectedKey={null} onSelect={() => {}}
      filters={filters[tab]} onFilters={(next) => setFilters({ ...filters, [tab]: next })}
      intents={tab === MATCHED ? split.matchedIntents : split.notMatchedIntents} />
  )
}

const names = () => screen.queryAllByRole('listitem').map((item) => item.querySelector('.comment__name').textContent)

describe('comment list', () => {
  it('shows the matched tab within 18-82, searches it by name, and resets the not matched slider to 10-81', async () => {
    renderWithProviders(<Screen />)
    expect(names()).toEqual(['Leila Mansour']) // 95% is above 82
    expect(screen.getByText('Treated')).toBeTruthy()

    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name' }), { target: { value: 'SAMI' } })
    expect(names()).toEqual([])
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name' }), { target: { value: '' } })

    fireEvent.click(screen.getByRole('tab', { name: /Not matched/ }))
    expect(names()).toEqual(['Leila Mansour'])
    fireEvent.change(screen.getByRole('textbox', { name: 'Search in messages' }), { target: { value: 'ÉQUIPE' } })
    expect(names()).toEqual(['Leila Mansour'])
    fireEvent.change(screen.getByRole('textbox', { name: 'Search in messages' }), { target: { value: 'livraison' } })
    expect(names()).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Filter the comments' }))
    const popup = await screen.findByText('Above 10% and up to 80%')
    fireEvent.click(within(popup.closest('.comments__filter')).getByRole('button', { name: 'Reset' }))
    expect(screen.getByText('Above 10% and up to 81%')).toBeTruthy()
  }, 30000) // a loaded machine renders Mantine's popover slowly

  it('says how many comments the default score range hides, and Show all brings them back', () => {
    renderWithProviders(<Screen />)
    expect(names()).toEqual(['Leila Mansour'])
    expect(screen.getByText('1 hidden by the search or the filters')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }))
    expect(names()).toEqual(['Sami Gharbi', 'Leila Mansour']) // newest first
    expect(screen.queryByText(/hidden by the search/)).toBeNull()
  }, 30000)

  it('says above the list what the filters hide, never "No comment here" above hidden comments', () => {
    renderWithProviders(<Screen />)
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name' }), { target: { value: 'nobody' } })
    expect(names()).toEqual([])
    expect(screen.queryByText('No comment here.')).toBeNull()
    const hidden = screen.getByRole('status')
    expect(hidden.textContent).toContain('2 hidden by the search or the filters')
    expect(hidden.textContent).toContain('Shown: scores above 18% and up to 82%.')
    fireEvent.click(within(hidden).getByRole('button', { name: 'Show all' }))
    expect(names()).toEqual(['Sami Gharbi', 'Leila Mansour'])
  }, 30000)

  it("names a comment's intent in the reader's language, and a name the catalogue lacks as words", async () => {
    await i18n.changeLanguage('fr')
    try {
      renderWithProviders(<Screen />)
      const row = screen.getAllByRole('listitem')[0]
      expect(within(row).getByText('Livraison')).toBeTruthy()
    } finally {
      await i18n.changeLanguage('en')
    }
    expect(intentLabel('delivery')).toBe('Delivery')
    expect(intentLabel('opening_hours')).toBe('Opening hours')
    expect(intentLabel('gift_wrap')).toBe('gift wrap')
  }, 30000)

  it('shows the logs loading, or not loaded, in the list under the tabs, and no "No comment here." meanwhile', () => {
    const empty = (status) => <CommentList tab={NOT_MATCHED} onTab={() => {}} status={status}
      counts={{ [MATCHED]: 0, [NOT_MATCHED]: 0 }} comments={[]} selectedKey={null} onSelect={() => {}}
      filters={{ query: '', range: [10, 80], intent: null }} onFilters={() => {}} intents={[]} />
    const loading = renderWithProviders(empty('loading'))
    const loader = within(screen.getByRole('list')).getByLabelText('Loading…')
    // Under the tabs in the page's order, so its going moves nothing above it.
    const tabs = screen.getByRole('tablist')
    expect(tabs.compareDocumentPosition(loader) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.queryByText('No comment here.')).toBeNull()
    loading.unmount()
    const failed = renderWithProviders(empty('error'))
    expect(within(screen.getByRole('list')).getByText('The comments could not be loaded.')).toBeTruthy()
    expect(screen.queryByLabelText('Loading…')).toBeNull()
    expect(screen.queryByText('No comment here.')).toBeNull()
    failed.unmount()
    renderWithProviders(empty('ready'))
    expect(screen.getByText('No comment here.')).toBeTruthy()
  }, 30000)

  it('shows the comments kept from the last visit while it loads, with no loader to push them down', () => {
    const { notMatched } = splitLogs(logs)
    renderWithProviders(<CommentList tab={NOT_MATCHED} onTab={() => {}} status="loading"
      counts={{ [MATCHED]: 2, [NOT_MATCHED]: 1 }} comments={notMatched} selectedKey={null} onSelect={() => {}}
      filters={{ query: '', range: [10, 80], intent: null }} onFilters={() => {}} intents={[]} />)
    expect(names()).toEqual(['Leila Mansour'])
    expect(screen.queryByLabelText('Loading…')).toBeNull()
  }, 30000)
})
