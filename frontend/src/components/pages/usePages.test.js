import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { pagesApi } from '../../api/pages'
import { stubCalls } from '../../test/stubCalls'
import usePages from './usePages'

stubCalls(pagesApi, 'connected')

const answering = () => {
  let answer
  const promise = new Promise((resolve) => { answer = resolve })
  return { promise, answer }
}
const pagesWith = (spam) => ({ facebookPages: { listPageConnectedOwner: [{ idPage: '55', spam }] } })

describe('usePages', () => {
  it('keeps the newest load when an older one answers after it (two saves in a row)', async () => {
    const [first, second, third] = [answering(), answering(), answering()]
    pagesApi.connected.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise)
      .mockReturnValueOnce(third.promise)
    const { result } = renderHook(() => usePages({ connectedOnly: true }))
    await act(async () => first.answer(pagesWith(false)))
    await waitFor(() => expect(result.current.loading).toBe(false))

    act(() => { result.current.reload() }) // after the first save
    act(() => { result.current.reload() }) // after the second save
    await act(async () => third.answer(pagesWith(true)))
    await act(async () => second.answer(pagesWith(false)))
    expect(result.current.data.facebookPages.listPageConnectedOwner[0].spam).toBe(true)
    expect(result.current.loading).toBe(false)
  })
})
