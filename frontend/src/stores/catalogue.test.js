import { afterEach, describe, expect, it, vi } from 'vitest'
import { useCatalogueStore } from './catalogue'

const category = { _id: '1', name: 'Robes', default: false, children: [] }

afterEach(() => {
  vi.useRealTimers()
  useCatalogueStore.setState({ categories: [], message: null, selectedCategoryId: null })
})

describe('catalogue store (spec 001 §7: a string answer is an error for 2 s, a list replaces the categories)', () => {
  it('replaces the categories with a list answer', async () => {
    const done = await useCatalogueStore.getState().change(async () => ({ data: [category] }), 'x')
    expect(done).toBe(true)
    expect(useCatalogueStore.getState().categories).toEqual([category])
  })

  it('shows a string answer for 2 seconds and keeps the categories', async () => {
    vi.useFakeTimers()
    useCatalogueStore.setState({ categories: [category] })
    const done = await useCatalogueStore.getState().change(async () => ({ data: 'The category should be empty!' }), 'x')
    expect(done).toBe(false)
    expect(useCatalogueStore.getState().categories).toEqual([category])
    expect(useCatalogueStore.getState().message).toEqual({ key: 'catalogue.refusals.notEmpty' })
    vi.advanceTimersByTime(1999)
    expect(useCatalogueStore.getState().message).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(useCatalogueStore.getState().message).toBeNull()
  })

  it('shows the failure message of the change when the call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const done = await useCatalogueStore.getState().change(async () => { throw new Error('500') },
      'catalogue.errors.deleteSynonym')
    expect(done).toBe(false)
    expect(useCatalogueStore.getState().message).toEqual({ key: 'catalogue.errors.deleteSynonym' })
  })

  it('keeps only the selected category across a reload, under `state`', () => {
    useCatalogueStore.setState({ categories: [category] })
    useCatalogueStore.getState().selectCategory(category)
    expect(JSON.parse(localStorage.getItem('state')).catalogue.state).toEqual({ selectedCategoryId: '1' })
  })
})
