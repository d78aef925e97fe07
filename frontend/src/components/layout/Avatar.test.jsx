import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders as render } from '../../test/renderApp'
import Avatar from './Avatar'

describe('Avatar', () => {
  it('shows the picture named after the user', () => {
    render(<Avatar user={{ first_name: 'Amira', last_name: 'Ben Salah', profilePictureUrl: 'http://x/p.png' }} />)
    expect(screen.getByRole('img', { name: 'Amira Ben Salah' }).getAttribute('src')).toBe('http://x/p.png')
  })

  it('shows the initials, as text, without a picture', () => {
    render(<Avatar user={{ first_name: '<b>amira', last_name: 'ben', profilePictureUrl: null }} />)
    expect(screen.getByRole('img', { name: '<b>amira ben' }).textContent).toBe('<B')
  })
})
