import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alertsApi, homeApi } from '../../api/alerts'
import i18n from '../../i18n'
import { useAlertsStore } from '../../stores/alerts'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

// A screen's first visit loads its code (routes are lazy): longer than findBy's default second on a busy machine.
const LAZY = { timeout: 5000 }
const PAGE = { id: '8880001', platform: 'facebook', name: 'Boutique Amira' }
const LIMIT = { id: 7, kind: 'reply_limit_80', raisedAt: '2026-11-29T10:00:00+00:00', read: false,
  details: { used: 16000, limit: 20000 }, action: { kind: 'plans', route: '/home/billing', agentId: null }, page: PAGE }
const ERRORS = { id: 8, kind: 'reply_errors', raisedAt: '2026-11-29T11:00:00+00:00', read: false,
  details: { error: '100 - Invalid button URL', agent: { id: 12, generic: false, post: 'Robe Jasmin' } },
  action: { kind: 'edit_agent', route: '/home/auto-wizard', agentId: 12 }, page: PAGE }
const DAY = { page: PAGE, since: '2026-11-29T00:00:00Z', comments: 12, answered: 9, hidden: 1,
  skipped: [{ reason: 'not_matched', count: 2 }, { reason: 'plan_limit', count: 1 }],
  agents: { live: 1, notLive: 0, draft: 1, untrained: 1 } }

function signIn() {
  useSessionStore.setState({ token: 't', user: { first_name: 'Amira', last_name: 'B' }, selectedPage: PAGE })
  vi.spyOn(homeApi, 'summary').mockResolvedValue(DAY)
  vi.spyOn(alertsApi, 'list').mockResolvedValue({ alerts: [ERRORS, LIMIT], unread: 2 })
  vi.spyOn(alertsApi, 'unread').mockResolvedValue({ unread: 2 })
}

afterEach(async () => {
  vi.restoreAllMocks()
  useSessionStore.setState({ token: null, user: null, selectedPage: null })
  useAlertsStore.setState({ pageKey: null, alerts: [], unread: 0, state: 'loading' })
  await i18n.changeLanguage('en')
})

describe('Home', () => {
  it("shows the page's day, its agents and its alerts with their fix, in the reader's numbers", async () => {
    signIn()
    renderApp('/home')
    expect(await screen.findByRole('heading', { name: 'Today on Boutique Amira' }, LAZY)).toBeTruthy()
    // The heading is there at once; the day's figures come with the summary's answer.
    expect(await screen.findByText('Not understood', {}, LAZY)).toBeTruthy()
    expect(screen.getByText('1 agent is set live but not trained: it answers nothing.')).toBeTruthy()
    const limit = (await screen.findByText("80% of this month's replies used", {}, LAZY)).closest('.alert-card')
    expect(limit.textContent).toMatch(/16,000 of the 20,000 automatic replies/)
    expect(within(limit).getByRole('button', { name: 'See the plans' })).toBeTruthy()
    const errors = screen.getByText('Replies are failing').closest('.alert-card')
    expect(errors.textContent).toMatch(/the agent of the post “Robe Jasmin” with the same error: 100 - Invalid button URL/)
    expect(screen.getAllByRole('link', { name: 'Notifications: 2 unread alerts' }).length).toBe(2)  // wide and narrow bars
  })

  it('marks an alert read, and the bell counts one less', async () => {
    signIn()
    const read = vi.spyOn(alertsApi, 'read').mockResolvedValue({ unread: 1 })
    renderApp('/notification')
    const limit = (await screen.findByText("80% of this month's replies used", {}, LAZY)).closest('.alert-card')
    fireEvent.click(within(limit).getByRole('button', { name: 'Mark as read' }))
    await waitFor(() => expect(within(limit).getByText('Read')).toBeTruthy())
    expect(read).toHaveBeenCalledWith(7)
    expect(screen.getAllByRole('link', { name: 'Notifications: 1 unread alert' }).length).toBe(2)
  })

  it('writes the alerts in French', async () => {
    await i18n.changeLanguage('fr')
    signIn()
    renderApp('/home')
    const limit = (await screen.findByText('80 % des réponses du mois utilisées', {}, LAZY)).closest('.alert-card')
    expect(limit.textContent.replace(/\s/g, ' ')).toMatch(/16 000 des 20 000 réponses automatiques/)
    expect(within(limit).getByRole('button', { name: 'Voir les offres' })).toBeTruthy()
  })
})
