/** The agent's logs kept up to date without a reload: the whole list once, then every POLL_MS only what was
 *  created or changed since the previous answer's cursor (the inbox API's live mechanism, `?after=`). A failed
 *  poll is tried again at the next tick; the tab hidden, nothing is asked. */
import { useEffect, useRef, useState } from 'react'
import { commentsApi } from '../../api/comments'

export const POLL_MS = 2000

export function useLiveLogs(postId, { onAll, onChanged }) {
  const [status, setStatus] = useState('loading') // loading | ready | error
  const handlers = useRef({ onAll, onChanged })
  handlers.current = { onAll, onChanged }

  useEffect(() => {
    if (!postId) return undefined
    let stopped = false
    let timer = null
    let cursor = null
    setStatus('loading')

    async function poll() {
      if (stopped) return
      if (cursor === null || !document.hidden) {
        try {
          const answer = await commentsApi.logs(postId, cursor)
          if (stopped) return
          const logs = Array.isArray(answer?.data) ? answer.data : Array.isArray(answer) ? answer : []
          if (cursor === null || answer?.full) handlers.current.onAll(logs)
          else if (logs.length) handlers.current.onChanged(logs)
          cursor = answer?.cursor ?? cursor
          setStatus('ready')
        } catch (error) {
          if (stopped) return
          console.warn('logs not refreshed', error)
          if (cursor === null) setStatus('error')
        }
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS)
    }

    poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [postId])

  return status
}
