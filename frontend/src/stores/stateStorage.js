/** One localStorage entry, `state`, holding every persisted store under its own name
 *  (spec 000 §3: "state: the whole client state, saved on every change and reloaded at start"). */
export const STATE_KEY = 'state'

function readAll() {
  try {
    return JSON.parse(localStorage.getItem(STATE_KEY)) || {}
  } catch (e) {
    console.warn('stored state unreadable', e)
    return {}
  }
}

function writeAll(all) {
  try {
    localStorage.setItem(STATE_KEY, JSON.stringify(all))
  } catch (e) {
    console.warn('state not saved', e)
  }
}

/** A zustand `persist` storage: values are kept as objects, not strings inside a string. */
export const underState = {
  getItem: (name) => readAll()[name] ?? null,
  setItem: (name, value) => writeAll({ ...readAll(), [name]: value }),
  removeItem: (name) => {
    const { [name]: _removed, ...rest } = readAll()
    writeAll(rest)
  },
}
