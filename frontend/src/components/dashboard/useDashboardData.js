/** Loads one dashboard block for the selected page and period, again whenever either changes; an answer that
 *  arrives after a newer request started is dropped. A failure leaves the error set for the block's retry alert. */
import { useCallback, useEffect, useRef, useState } from 'react'

export default function useDashboardData(load, page, period) {
  const [state, setState] = useState({ rows: null, loading: true, failed: false })
  const latest = useRef(0)
  const pageId = page?.id
  const platform = page?.platform

  const reload = useCallback(async () => {
    if (!pageId) return
    const request = ++latest.current
    setState((previous) => ({ ...previous, loading: true, failed: false }))
    try {
      const rows = await load(pageId, platform, period)
      if (request === latest.current) setState({ rows: Array.isArray(rows) ? rows : [], loading: false, failed: false })
    } catch (e) {
      console.warn('dashboard block not loaded', e)
      if (request === latest.current) setState((previous) => ({ ...previous, loading: false, failed: true }))
    }
  }, [load, pageId, platform, period])

  useEffect(() => {
    reload()
    return () => {
      latest.current += 1 // a page or period left behind: its late answer is not shown
    }
  }, [reload])

  return { ...state, reload }
}
