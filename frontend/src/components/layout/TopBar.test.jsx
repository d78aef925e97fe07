import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import i18n, { LANG_KEY } from '../../i18n'
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
    for (const name of ['What is Modo', 'How to use it', 'Pricing', 'Contact us']) {
      expect(within(drawer).getByRole('link', { name })).toBeTruthy()
    }
    expect(within(drawer).getByRole('button', { name: 'Login' })).toBeTruthy()

    fireEvent.click(within(drawer).getByRole('link', { name: 'Pricing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(app.path()).toBe('/pricing')
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
