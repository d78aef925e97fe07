/** Load, then say how it went: one call's answer with its state, for the screens that show a spinner while it
 *  runs and the error with a Retry when it fails (components/common/Loaded.jsx shows both).
 *  `load` (memoised) returns a promise, or nothing while there is nothing to load (no page chosen yet).
 *  Returns { value, setValue, state: loading | ready | error, error, reload }; reload({ quiet: true }) keeps the
 *  state as it is while the call runs, so a screen refreshed after a change keeps what it shows. */
import { useCallback, useEffect, useRef, useState } from 'react'

export function useLoaded(load) {
  const [value, setValue] = useState(null)
  const [state, setState] = useState('loading')
  const [error, setError] = useState(null)
  const latest = useRef(0)

  const reload = useCallback(({ quiet = false } = {}) => {
    const pending = load()
    if (!pending) return
    const call = ++latest.current
    if (!quiet) setState('loading')
    // An answer that arrives after a newer call started (or the screen closed) is not the one to show.
    pending.then(
      (answer) => {
        if (call !== latest.current) return
        setValue(answer)
        setError(null)
        setState('ready')
      },
      (failure) => {
        console.warn('not loaded', failure)
        if (call !== latest.current) return
        setError(failure)
        setState('error')
      },
    )
  }, [load])

  useEffect(() => {
    reload()
    return () => {
      latest.current += 1
    }
  }, [reload])

  return { value, setValue, state, error, reload }
}
