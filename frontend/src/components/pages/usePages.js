/** Loads the pages (both networks, grouped by status) and reloads them on demand; `connectedOnly` for the
 *  dashboard. A failed load shows the spec's alert with its Retry. */
import { useCallback, useEffect, useRef, useState } from 'react'
import { pagesApi } from '../../api/pages'
import { useFeedbackStore } from '../../stores/feedback'

export default function usePages({ connectedOnly = false } = {}) {
  const [data, setData] = useState(null)
  const [loading, setLoading] = useState(true)
  const alive = useRef(true)
  const latest = useRef(0)

  const reload = useCallback(async () => {
    const call = ++latest.current
    // Two saves in a row start two loads: an answer overtaken by a newer call would put older settings back.
    const current = () => alive.current && call === latest.current
    setLoading(true)
    try {
      const answer = await (connectedOnly ? pagesApi.connected() : pagesApi.all())
      if (current()) setData(answer ?? {})
    } catch (e) {
      console.warn('pages not loaded', e)
      if (current()) {
        setData((previous) => previous ?? {})
        useFeedbackStore.getState().showAlert('pageCards.errors.list', () => reload())
      }
    } finally {
      if (current()) setLoading(false)
    }
  }, [connectedOnly])

  useEffect(() => {
    alive.current = true
    reload()
    return () => {
      alive.current = false
    }
  }, [reload])

  return { data, loading, reload }
}
