import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import i18n, { LANG_KEY } from '../../i18n'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

afterEach(() => i18n.changeLanguage('en'))

describe('top bar', () => {
  it('opens the menu drawer from the Burger, and a chosen entry closes it', async () => {
    const app = renderApp('/')
    const burger = screen.getByRole('button', { name: 'Menu' })
    expect(burger.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('dialog')).toBeNull()

    fireEvent.click(burger)
    const drawer = await screen.findByRole('dialog')
    expect(burger.getAttribute('aria-expanded')).toBe('true')
    for (const name of ['What is Modo', 'How to use it', 'Pricing']) {
      expect(within(drawer).getByRole('link', { name })).toBeTruthy()
    }
    expect(within(drawer).getByRole('button', { name: 'Contact us' })).toBeTruthy()
    expect(within(drawer).getByRole('button', { name: 'Login' })).toBeTruthy()

    fireEvent.click(within(drawer).getByRole('link', { name: 'Pricing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(app.path()).toBe('/pricing')
  })

  it('opens the contact modal from Contact us, holding the contact form', async () => {
    renderApp('/pricing')
    fireEvent.click(screen.getAllByRole('button', { name: 'Contact us' })[0])
    const modal = await screen.findByRole('dialog', { name: 'Contact us' })
    expect(within(modal).getByRole('form', { name: 'Contact form' })).toBeTruthy()
    expect(within(modal).getByLabelText('Phone').getAttribute('inputmode')).toBe('numeric')
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contact us' })).toBeNull())
  })

  it('shows the tutorial icon only when signed in, opening the walk-through of the screens', async () => {
    const signedOut = renderApp('/pricing')
    expect(screen.queryByRole('button', { name: 'Tutorial' })).toBeNull()
    signedOut.unmount()
    useSessionStore.setState({ token: 't', user: { first_name: 'Amira', last_name: 'B' } })
    try {
      renderApp('/pricing')
      fireEvent.click(screen.getByRole('button', { name: 'Tutorial' }))
      const modal = await screen.findByRole('dialog', { name: 'Modo in a few minutes' })
      // no VITE_TUTORIAL_VIDEO_URL in the tests: the walk-through, each step a screenshot in the reader's language
      const first = within(modal).getByRole('img', { name: 'Connect your page' })
      expect(first.getAttribute('src')).toBe('/tutorial/pages-en.jpg')
      expect(within(modal).getByText('Step 1 of 5')).toBeTruthy()
      expect(within(modal).getByRole('button', { name: 'Previous step' }).disabled).toBe(true)
      expect(within(modal).queryByText(/coming soon/)).toBeNull()
    } finally {
      useSessionStore.setState({ token: null, user: null })
    }
  })

  it('switches the language with the pressed FR / EN buttons and keeps it under modoLang', async () => {
    renderApp('/')
    const [fr] = screen.getAllByRole('button', { name: 'FR' })
    expect(fr.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(fr)
    expect(await screen.findByRole('heading', { name: 'Répondez à chaque commentaire, automatiquement' })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'FR' })[0].getAttribute('aria-pressed')).toBe('true')
    expect(localStorage.getItem(LANG_KEY)).toBe('fr')
  })
})
