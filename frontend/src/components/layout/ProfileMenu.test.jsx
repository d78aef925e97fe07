import { fireEvent, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import ProfileMenu from './ProfileMenu'

const user = { first_name: 'Amira', last_name: 'Ben Salah', profilePictureUrl: 'http://x/p.png' }

function renderMenu(onLogout = () => {}) {
  renderWithProviders(
    <MemoryRouter>
      <ProfileMenu user={user} onLogout={onLogout} />
      <p>elsewhere</p>
    </MemoryRouter>,
  )
}

describe('profile menu', () => {
  it('opens on the picture and its Logout signs out and closes it', () => {
    let logouts = 0
    renderMenu(() => logouts++)
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }))
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }))
    expect(logouts).toBe(1)
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull()
  })

  it('closes on a click elsewhere and on Escape', async () => {
    renderMenu()
    fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }))
    fireEvent.mouseDown(screen.getByText('elsewhere'))
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }))
    // A key goes to the focused element: the menu has moved the focus into its dropdown.
    await waitFor(() => expect(screen.getByRole('menu').contains(document.activeElement)).toBe(true))
    fireEvent.keyDown(document.activeElement, { key: 'Escape' })
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull()
  })
})
