import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import AgentStatusButton from './AgentStatusButton'

describe('status button', () => {
  it('names the status and hands an Active or Not Active agent to the toggle; a Draft click does nothing', () => {
    const onToggle = vi.fn()
    const active = { _id: 1, trained: true, live: true }
    const off = { _id: 2, trained: true, live: false }
    const draft = { _id: 3, trained: false, live: false }
    renderWithProviders(
      <>
        <AgentStatusButton project={active} onToggle={onToggle} />
        <AgentStatusButton project={off} onToggle={onToggle} />
        <AgentStatusButton project={draft} onToggle={onToggle} />
      </>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Active' }))
    fireEvent.click(screen.getByRole('button', { name: 'Not Active' }))
    fireEvent.click(screen.getByRole('button', { name: 'Draft' }))
    expect(onToggle.mock.calls.map(([project]) => project._id)).toEqual([1, 2])
    expect(screen.getByRole('button', { name: 'Draft' }).getAttribute('aria-disabled')).toBe('true')
  })
})
