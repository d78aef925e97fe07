import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import i18n from '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import PageDashboard from './PageDashboard'

// jsdom draws no canvas (chart.js fails to size one): the pie stands in as its slices' labels and values here; the
// browser tests (tests/e2e/test_dashboard_screen.py) draw the real chart.
vi.mock('react-chartjs-2', () => ({
  Pie: ({ data }) => <ul data-testid="pie">{data.labels.map((label, i) => <li key={label}>{`${label}=${data.datasets[0].data[i]}`}</li>)}</ul>,
}))
vi.mock('../../api/dashboard', () => ({ dashboardApi: { intents: vi.fn(), posts: vi.fn() } }))
const { dashboardApi } = await import('../../api/dashboard')

const page = { id: '104857392000002', platform: 'facebook', name: 'Sfax Sneakers' }
const intents = [
  { name: 'price', title: 'Price', title_fr: 'Prix', value: 1234, color: '#228be6' },
  { name: 'delivery', title: 'Probablement Delivery', title_fr: 'Probablement Livraison', value: 12, color: '#fab005' },
]
const posts = [{
  post: { id: '1_2', message: 'A'.repeat(45), created_time: '2026-11-20T10:00:00+0000',
    full_picture: 'https://cdn.example/p.jpg', permalink_url: 'https://www.facebook.com/1_2' },
  comments: 2500, matched: 1999, performance: 80,
}]

afterEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
})

// Generous: Mantine's first render under a loaded machine's jsdom takes seconds.
describe('page dashboard', { timeout: 20000 }, () => {
  it('asks for all intents and the most recent posts first, and shows counts in k', async () => {
    dashboardApi.intents.mockResolvedValue(intents)
    dashboardApi.posts.mockResolvedValue(posts)
    renderWithProviders(<PageDashboard page={page} />)
    expect(await screen.findByText('1.2k')).toBeTruthy()
    expect(dashboardApi.intents).toHaveBeenCalledWith('104857392000002', 'facebook', 'all')
    expect(dashboardApi.posts).toHaveBeenCalledWith('104857392000002', 'facebook', 'week')
    expect(screen.getByText('probably Delivery')).toBeTruthy()
    expect(screen.getByTestId('pie').textContent).toBe('Price=1234probably Delivery=12')
    expect(await screen.findByText('2.5k')).toBeTruthy()
    expect(screen.getByText('2.0k')).toBeTruthy()
    expect(screen.getByText('80%')).toBeTruthy()
    expect(screen.getByText(`${'A'.repeat(40)}…`)).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Picture of the post' }).getAttribute('src')).toBe('https://cdn.example/p.jpg')
    expect(screen.getByRole('link', { name: 'See the post' }).getAttribute('href')).toBe('https://www.facebook.com/1_2')
  })

  it('keeps the French title with Probablement in French', async () => {
    await i18n.changeLanguage('fr')
    dashboardApi.intents.mockResolvedValue(intents)
    dashboardApi.posts.mockResolvedValue([])
    renderWithProviders(<PageDashboard page={page} />)
    expect(await screen.findByText('Probablement Livraison')).toBeTruthy()
    expect(screen.getByText('Prix')).toBeTruthy()
  })

  it('asks again for the period chosen', async () => {
    dashboardApi.intents.mockResolvedValue(intents)
    dashboardApi.posts.mockResolvedValue(posts)
    renderWithProviders(<PageDashboard page={page} />)
    await screen.findByText('1.2k')
    fireEvent.click(screen.getByRole('combobox', { name: 'Period of the intents' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Last 30 days' }))
    await waitFor(() => expect(dashboardApi.intents).toHaveBeenLastCalledWith('104857392000002', 'facebook', 'day'))
  })

  it('shows each block its own error with a retry that asks again', async () => {
    dashboardApi.intents.mockRejectedValueOnce(new Error('network')).mockResolvedValue(intents)
    dashboardApi.posts.mockRejectedValueOnce(new Error('network')).mockResolvedValue(posts)
    renderWithProviders(<PageDashboard page={page} />)
    const intentsAlert = await screen.findByText('Error while filtering the intents. Try again!')
    expect(await screen.findByText('Error while filtering the posts. Try again!')).toBeTruthy()
    fireEvent.click(within(intentsAlert.closest('[role=alert]')).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('1.2k')).toBeTruthy()
    expect(screen.getByText('Error while filtering the posts. Try again!')).toBeTruthy()
    expect(dashboardApi.intents).toHaveBeenCalledTimes(2)
  })
})
