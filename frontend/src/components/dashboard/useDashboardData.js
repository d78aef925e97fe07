/** Loads one dashboard block for the selected page and period, again whenever either changes; an answer that
 *  arrives after a newer request started is dropped. A failure leaves the error set for the block's retry alert;
 *  the rows shown stay while a new period loads. */
import { useCallback } from 'react'
import { useLoaded } from '../../hooks/useLoaded'

export default function useDashboardData(load, page, period) {
  const pageId = page?.id
  const platform = page?.platform
  const { value, state, reload } = useLoaded(useCallback(
    () => (pageId ? load(pageId, platform, period).then((rows) => (Array.isArray(rows) ? rows : [])) : null),
    [load, pageId, platform, period],
  ))
  return { rows: value, loading: state === 'loading', failed: state === 'error', reload }
}
