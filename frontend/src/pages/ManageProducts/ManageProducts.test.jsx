import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogueApi } from '../../api/catalogue'
import { useCatalogueStore } from '../../stores/catalogue'
import { useSessionStore } from '../../stores/session'
import { useWizardStore } from '../../stores/wizard'
import { renderApp } from '../../test/renderApp'

const amira = { idFacebook: '1', first_name: 'Amira', last_name: 'Ben Salah' }
const page = { id: '501', name: 'Maison Jasmin', platform: 'facebook', status: 'listPageConnectedOwner' }
const dresses = { _id: '7', name: 'Robes', default: false, children: [{ _id: '70', content: 'Robe', synonyms: [] }] }
const bags = { _id: '8', name: 'Sacs', default: false, children: [] }

beforeEach(() => {
  useSessionStore.setState({ token: 'jwt', user: amira, selectedPage: page })
  useCatalogueStore.setState({ pageKey: null, categories: [], loaded: false, message: null })
  vi.spyOn(catalogueApi, 'list').mockResolvedValue({ data: [dresses, bags] })
})
afterEach(() => vi.restoreAllMocks())

describe('manage products screen (spec 001 §2 "Manage products")', { timeout: 30_000 }, () => {
  it('asks for the categories 2000 ms after the page is selected, skeletons meanwhile, and resets the wizard', async () => {
    useWizardStore.setState({ step: 2, intentType: 'generic' })
    const selectedAt = Date.now()
    useSessionStore.setState({ selectedAt })
    const asked = []
    catalogueApi.list.mockImplementation(async () => {
      asked.push(Date.now())
      return { data: [dresses, bags] }
    })
    renderApp('/home/manage-products')
    expect(await screen.findByRole('status', { name: 'Loading the categories…' }, { timeout: 10_000 })).toBeTruthy()
    expect(useWizardStore.getState()).toMatchObject({ step: 0, intentType: null })
    expect(await screen.findByText('1 product', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('0 products')).toBeTruthy()
    expect(screen.queryByRole('status', { name: 'Loading the categories…' })).toBeNull()
    expect(asked).toHaveLength(1)
    expect(asked[0] - selectedAt).toBeGreaterThanOrEqual(2000)
    expect(catalogueApi.list).toHaveBeenCalledWith('facebook', '501')
  })

  it('asks at once on a later visit, and shows the list read before while it is read again', async () => {
    useSessionStore.setState({ selectedAt: Date.now() - 60_000 })
    let answer
    catalogueApi.list.mockImplementation(() => new Promise((resolve) => { answer = resolve }))
    const first = renderApp('/home/manage-products')
    await waitFor(() => expect(catalogueApi.list).toHaveBeenCalledTimes(1), { timeout: 1000 })
    answer({ data: [dresses, bags] })
    expect(await screen.findByText('1 product', {}, { timeout: 10_000 })).toBeTruthy()
    first.unmount()

    renderApp('/home/manage-products')
    expect(await screen.findByText('1 product')).toBeTruthy() // the list read before, while it is read again
    await waitFor(() => expect(catalogueApi.list).toHaveBeenCalledTimes(2), { timeout: 1000 })
  })

  it('deletes an empty category after its confirmation, never a category with products', async () => {
    const remove = vi.spyOn(catalogueApi, 'removeCategory').mockResolvedValue({ data: [dresses] })
    renderApp('/home/manage-products')
    await screen.findByText('1 product', {}, { timeout: 10_000 })
    fireEvent.click(screen.getByRole('button', { name: 'Delete Robes' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Delete Sacs' }))
    expect((await screen.findByRole('dialog')).textContent).toContain('Delete the category "Sacs"?')
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.queryByText('Sacs')).toBeNull())
    expect(remove).toHaveBeenCalledWith('facebook', '501', bags)
  })

  it('searches by name and quotes a search without result; shows the empty state', async () => {
    const view = renderApp('/home/manage-products')
    await screen.findByText('1 product', {}, { timeout: 10_000 })
    fireEvent.change(screen.getByRole('textbox', { name: 'Search a category' }), { target: { value: 'SAC' } })
    expect(screen.queryByText('Robes')).toBeNull()
    expect(screen.getByText('Sacs')).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: 'Search a category' }), { target: { value: 'pulls' } })
    expect(screen.getByText('No category matches "pulls".')).toBeTruthy()
    view.unmount()

    catalogueApi.list.mockResolvedValue({ data: [] })
    useCatalogueStore.setState({ pageKey: null, categories: [], loaded: false })
    renderApp('/home/manage-products')
    expect(await screen.findByText(/No category yet/, {}, { timeout: 10_000 })).toBeTruthy()
  })
})
