import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import ReplyBox from './ReplyBox'

const PHONE_MESSAGE = 'Write + and the country code, then the number (6 to 15 digits), e.g. +21671000000'

describe('manual answer (issue 38: what Meta would refuse is said before sending)', { timeout: 20000 }, () => {
  it('says a phone number Meta would refuse under it and sends nothing, then sends it as Meta takes it', async () => {
    const onSend = vi.fn().mockResolvedValue(true)
    renderWithProviders(<ReplyBox platform="facebook" onSend={onSend} sending={false} error={null} />)
    fireEvent.change(screen.getByLabelText('Your answer (sent as a private message)'), { target: { value: 'Appelez-nous' } })
    fireEvent.click(screen.getByRole('button', { name: '+ Add a button' }))
    fireEvent.click(screen.getByRole('radio', { name: 'Phone' }))
    fireEvent.change(screen.getByLabelText('Button title'), { target: { value: 'Appeler' } })
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '71000000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(PHONE_MESSAGE)).toBeTruthy()
    expect(onSend).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+216 71 000 000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Appelez-nous',
      [{ type: 'phone_number', title: 'Appeler', payload: '+21671000000' }]))
  })

  it('refuses an answer made only of personalisation tags', async () => {
    const onSend = vi.fn()
    renderWithProviders(<ReplyBox platform="instagram" onSend={onSend} sending={false} error={null} />)
    fireEvent.change(screen.getByLabelText('Your answer (sent as a private message)'), { target: { value: '##PAGE_NAME##' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('The response must say something besides the personalisation tags')).toBeTruthy()
    expect(onSend).not.toHaveBeenCalled()
  })
})
