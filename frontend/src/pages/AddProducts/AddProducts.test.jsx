import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogueApi } from '../../api/catalogue'
import { useCatalogueStore } from '../../stores/catalogue'
import { useSessionStore } from '../../stores/session'
import { renderApp } from '../../test/renderApp'

const amira = { idFacebook: '1', first_name: 'Amira', last_name: 'Ben Salah' }
const page = { id: '501', name: 'Maison Jasmin', platform: 'facebook', status: 'listPageConnectedOwner' }

beforeEach(() => {
  useSessionStore.setState({ token: 'jwt', user: amira, selectedPage: page })
  useCatalogueStore.setState({ message: null })
})
afterEach(() => vi.restoreAllMocks())

const productField = () => screen.getByRole('textbox', { name: 'Product' })

describe('add category screen (spec 001 §2 "Add category", §5)', { timeout: 30_000 }, () => {
  it('keeps the product input disabled until Enter confirms the name, then sends the whole category', async () => {
    const add = vi.spyOn(catalogueApi, 'addCategory').mockResolvedValue({ data: [] })
    const view = renderApp('/home/add-new-products')
    const name = await screen.findByRole('textbox', { name: 'Category name' }, { timeout: 10_000 })
    fireEvent.change(name, { target: { value: '  Robes  ' } })
    expect(productField().disabled).toBe(true)
    fireEvent.keyDown(name, { key: 'Enter' })
    expect(productField().disabled).toBe(false)
    expect(screen.getByText('Robes')).toBeTruthy()

    fireEvent.change(productField(), { target: { value: 'Robe rouge' } })
    fireEvent.keyDown(productField(), { key: 'Enter' })
    fireEvent.change(productField(), { target: { value: 'robe ROUGE' } })
    fireEvent.keyDown(productField(), { key: 'Enter' })
    expect(useCatalogueStore.getState().message).toEqual({ key: 'catalogue.refusals.productExists' })
    const red = document.querySelector('[data-product="Robe rouge"]')
    const synonym = within(red).getByRole('textbox', { name: 'Add a synonym' })
    fireEvent.change(synonym, { target: { value: 'rouge' } })
    fireEvent.keyDown(synonym, { key: 'Enter' })
    expect(within(red).getByText('rouge')).toBeTruthy()
    expect(synonym.value).toBe('')

    fireEvent.click(screen.getByRole('button', { name: 'Save the category' }))
    await waitFor(() => expect(view.path()).toBe('/home/manage-products'), { timeout: 10_000 })
    expect(add).toHaveBeenCalledWith('facebook', '501', 'Robes', [{ content: 'Robe rouge', synonyms: ['rouge'] }])
  })

  it('stays with the category when the server answers a string', async () => {
    vi.spyOn(catalogueApi, 'addCategory').mockResolvedValue({ data: 'This category already exists!' })
    const view = renderApp('/home/add-new-products')
    const name = await screen.findByRole('textbox', { name: 'Category name' }, { timeout: 10_000 })
    fireEvent.change(name, { target: { value: 'Robes' } })
    fireEvent.keyDown(name, { key: 'Enter' })
    fireEvent.click(screen.getByRole('button', { name: 'Save the category' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This category already exists!')
    expect(view.path()).toBe('/home/add-new-products')
  })
})
