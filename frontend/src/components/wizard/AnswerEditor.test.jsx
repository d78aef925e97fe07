import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import '../../i18n'
import { renderWithProviders } from '../../test/renderApp'
import AnswerEditor from './AnswerEditor'

function Editor({ platform = 'facebook', initial = '' }) {
  const [text, setText] = useState(initial)
  const [buttons, setButtons] = useState([])
  return (
    <AnswerEditor label="Generic response" value={text} onChange={setText} buttons={buttons} onButtons={setButtons}
      platform={platform} />
  )
}

const area = () => screen.getByLabelText('Generic response')

describe('response editor (spec 001 §5)', { timeout: 20000 }, () => {
  it('counts the characters left of 640 and takes no more', () => {
    renderWithProviders(<Editor />)
    expect(screen.getByText('640 characters left')).toBeTruthy()
    fireEvent.change(area(), { target: { value: 'Bonjour' } })
    expect(screen.getByText('633 characters left')).toBeTruthy()
    fireEvent.change(area(), { target: { value: 'x'.repeat(700) } })
    expect(area().value).toHaveLength(640)
    expect(screen.getByText('0 characters left')).toBeTruthy()
    expect(area().getAttribute('maxlength')).toBe('640')
  })

  it('inserts a personalisation tag at the cursor', async () => {
    renderWithProviders(<Editor initial="Merci , à bientôt" />)
    area().setSelectionRange(6, 6)
    fireEvent.click(screen.getByRole('button', { name: 'Insert ##FIRST_NAME##' }))
    expect(area().value).toBe('Merci ##FIRST_NAME##, à bientôt')
    await waitFor(() => expect(area().selectionStart).toBe(20))
    area().setSelectionRange(0, 5)
    fireEvent.click(screen.getByRole('button', { name: 'Insert ##PAGE_NAME##' }))
    expect(area().value).toBe('##PAGE_NAME## ##FIRST_NAME##, à bientôt')
  })

  it('offers the first and last name tags and buttons on Facebook only', () => {
    renderWithProviders(<Editor platform="instagram" />)
    expect(screen.queryByRole('button', { name: 'Insert ##FIRST_NAME##' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Insert ##LAST_NAME##' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Insert ##FULL_NAME##' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '+ Add a button' })).toBeNull()
    expect(screen.getByText('Instagram messages have no buttons.')).toBeTruthy()
  })

  it('adds up to 3 buttons (web link by default), the add control hidden at 3, titles of 20 with a counter', () => {
    renderWithProviders(<Editor />)
    const add = () => fireEvent.click(screen.getByRole('button', { name: '+ Add a button' }))
    add()
    expect(screen.getByText('1 / 3 buttons')).toBeTruthy()
    expect(screen.getByLabelText('URL')).toBeTruthy()
    const title = screen.getByLabelText('Title')
    fireEvent.change(title, { target: { value: 'Visit our online shop now' } })
    expect(title.value).toBe('Visit our online sho')
    expect(screen.getByText('20 / 20')).toBeTruthy()
    add()
    add()
    expect(screen.getByText('3 / 3 buttons')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '+ Add a button' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Remove button 2' }))
    expect(screen.getByText('2 / 3 buttons')).toBeTruthy()
    expect(screen.getByRole('button', { name: '+ Add a button' })).toBeTruthy()
  })

  it('switches a button to a phone number, keeping its title', () => {
    renderWithProviders(<Editor />)
    fireEvent.click(screen.getByRole('button', { name: '+ Add a button' }))
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Call us' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Phone' }))
    expect(screen.getByLabelText('Phone number', { selector: 'input' })).toBeTruthy()
    expect(screen.getByLabelText('Title').value).toBe('Call us')
    expect(screen.queryByLabelText('URL')).toBeNull()
  })
})
