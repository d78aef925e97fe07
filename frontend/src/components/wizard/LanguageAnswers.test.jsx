import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import i18n from '../../i18n'
import Providers from '../../providers'
import { renderWithProviders } from '../../test/renderApp'
import AnswerLanguage from '../common/AnswerLanguage'
import IntentCard from './IntentCard'
import { cleanVersions, sameVersions } from './languages'

const intent = { key: 'delivery', name: 'Delivery', name_fr: 'Livraison', status: 'old', genericAnswer: 'Livraison en 48 h',
  buttons: [], products: [], answers: { en: 'Delivery in 48 h' } }

function card(onSaveGeneric = vi.fn().mockResolvedValue(true)) {
  renderWithProviders(<IntentCard intent={intent} platform="facebook" categories={[]} onSaveGeneric={onSaveGeneric}
    onRemove={vi.fn()} onAddProduct={vi.fn()} onEditProduct={vi.fn()} onRemoveProduct={vi.fn()} />)
  return onSaveGeneric
}

afterEach(() => act(() => i18n.changeLanguage('en')))

describe('an answer in several languages (issue 42 §3)', { timeout: 20000 }, () => {
  it('shows the default and each language side by side, saving the versions written with the default', async () => {
    const save = card()
    const tabs = within(screen.getByRole('tablist', { name: 'Languages of the answer' }))
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(
      ['Default', 'French', 'English' + 'written', 'Arabic', 'Tunisian'])
    expect(screen.getByLabelText('Generic response').value).toBe('Livraison en 48 h')

    fireEvent.click(tabs.getByRole('tab', { name: 'Arabic' }))
    const arabic = await screen.findByLabelText('Generic response in Arabic')
    expect(arabic.getAttribute('dir')).toBe('auto')
    fireEvent.change(arabic, { target: { value: ' التوصيل في 48 ساعة ' } })
    expect(tabs.getByRole('tab', { name: /Arabic/ }).textContent).toBe('Arabicwritten')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.objectContaining({ key: 'delivery' }), {
      genericAnswer: 'Livraison en 48 h', answers: { en: 'Delivery in 48 h', ar: 'التوصيل في 48 ساعة' }, buttons: [] }))
  })

  it('says which version holds only tags and saves nothing, in French', async () => {
    await act(() => i18n.changeLanguage('fr'))
    const save = card()
    fireEvent.click(screen.getByRole('tab', { name: 'Tunisien' }))
    fireEvent.change(await screen.findByLabelText('Réponse générique en tunisien'), { target: { value: '##FIRST_NAME##' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText('à corriger')).toBeTruthy()
    expect(screen.getByRole('tab', { name: /Anglais/ }).textContent).toBe('Anglaisécrite')
    expect(save).not.toHaveBeenCalled()
  })

  it('tells which version a comment got, or that it got the default answer', async () => {
    const view = renderWithProviders(<AnswerLanguage commentLanguage="tn" answerLanguage="ar" />)
    const rerender = (element) => view.rerender(<Providers env="test">{element}</Providers>)
    expect(screen.getByText('Comment in Tunisian · answer written in Arabic')).toBeTruthy()
    rerender(<AnswerLanguage commentLanguage="en" answerLanguage="" />)
    expect(screen.getByText('Comment in English · default answer (none written in English)')).toBeTruthy()
    await act(() => i18n.changeLanguage('fr'))
    expect(screen.getByText('Commentaire en anglais · réponse par défaut (aucune écrite en anglais)')).toBeTruthy()
    rerender(<AnswerLanguage commentLanguage="en" answerLanguage={null} />)
    expect(screen.queryByText(/Commentaire/)).toBeNull()
  })

  it('keeps versions as the server does: trimmed, blank ones dropped', () => {
    expect(cleanVersions({ ar: ' نعم ', tn: '  ', de: 'Ja' })).toEqual({ ar: 'نعم' })
    expect(sameVersions({ en: 'Hi ', fr: '' }, { en: 'Hi' })).toBe(true)
    expect(sameVersions({ en: 'Hi' }, {})).toBe(false)
  })
})
