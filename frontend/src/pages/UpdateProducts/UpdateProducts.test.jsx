import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogueApi } from '../../api/catalogue'
import { useCatalogueStore } from '../../stores/catalogue'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

const amira = { idFacebook: '1', first_name: 'Amira', last_name: 'Ben Salah' }
const page = { id: '501', name: 'Maison Jasmin', platform: 'instagram', status: 'listPageConnectedOwner' }
const dresses = {
  _id: '7', name: 'Robes', default: false,
  children: [{ _id: '70', content: 'Robe de soirée longue', synonyms: ['soirée', 'robe longue brodée'] },
    { _id: '71', content: 'Jupe', synonyms: [] }],
}
const renamed = { ...dresses, children: [{ ...dresses.children[0], content: 'Robe du soir' }, dresses.children[1]] }

beforeEach(() => {
  useSessionStore.setState({ token: 'jwt', user: amira, selectedPage: page })
  useCatalogueStore.setState({ pageKey: null, categories: [], loaded: false, message: null, selectedCategoryId: '7' })
  vi.spyOn(catalogueApi, 'list').mockResolvedValue({ data: [dresses] })
})
afterEach(() => vi.restoreAllMocks())

const rowOf = (name) => document.querySelector(`[data-product="${name}"]`)

describe('update category screen (spec 001 §2 "Update category")', { timeout: 30_000 }, () => {
  it('goes back to My products without a selected page', async () => {
    useSessionStore.setState({ selectedPage: null })
    const view = renderApp('/home/update-products')
    await waitFor(() => expect(view.path()).toBe('/home/manage-products'), { timeout: 10_000 })
  })

  it('fetches the catalogue again after a reload and shows the cut names', async () => {
    renderApp('/home/update-products')
    expect(await screen.findByText('Robes', {}, { timeout: 10_000 })).toBeTruthy()
    expect(catalogueApi.list).toHaveBeenCalledWith('instagram', '501')
    expect(within(rowOf('Robe de soirée longue')).getByText('Robe de s…')).toBeTruthy()
    expect(within(rowOf('Robe de soirée longue')).getByText('robe longu…')).toBeTruthy()
    expect(within(rowOf('Jupe')).getByText('Jupe')).toBeTruthy()
  })

  it('reverts a product rename that is not confirmed, and sends the one that is', async () => {
    const rename = vi.spyOn(catalogueApi, 'renameProduct').mockResolvedValue({ data: [renamed] })
    renderApp('/home/update-products')
    await screen.findByText('Robes', {}, { timeout: 10_000 })
    const ask = () => {
      fireEvent.click(screen.getByRole('button', { name: 'Rename Robe de soirée longue' }))
      const field = screen.getByRole('textbox', { name: 'Rename Robe de soirée longue' })
      fireEvent.change(field, { target: { value: 'Robe du soir' } })
      fireEvent.keyDown(field, { key: 'Enter' })
    }
    ask()
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Rename Robe de soirée longue' })).toBeNull())
    expect(within(rowOf('Robe de soirée longue')).getByText('Robe de s…')).toBeTruthy()
    expect(rename).not.toHaveBeenCalled()

    ask()
    expect(screen.getByRole('dialog').textContent).toContain('Rename "Robe de soirée longue" to "Robe du soir"?')
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(rowOf('Robe du soir')).toBeTruthy())
    expect(rename).toHaveBeenCalledWith('instagram', '501', dresses, dresses.children[0], 'Robe du soir')
  })

  it('shows a string answer as the error and keeps the products', async () => {
    vi.spyOn(catalogueApi, 'addSynonym').mockResolvedValue({ data: 'This synonym already exists!' })
    renderApp('/home/update-products')
    await screen.findByText('Robes', {}, { timeout: 10_000 })
    const field = within(rowOf('Jupe')).getByRole('textbox', { name: 'Add a synonym' })
    fireEvent.change(field, { target: { value: 'jupe' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This synonym already exists!')
    expect(rowOf('Jupe')).toBeTruthy()
  })

  it('quotes the search text when no product matches', async () => {
    renderApp('/home/update-products')
    await screen.findByText('Robes', {}, { timeout: 10_000 })
    fireEvent.change(screen.getByRole('textbox', { name: 'Search a product' }), { target: { value: 'sac' } })
    expect(screen.getByText('No product matches "sac".')).toBeTruthy()
  })
})
