/** Renders the whole app at a path, the way a browser would open it. */
import { render } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import App from '../App'
import '../i18n'

let currentPath = null

function PathProbe() {
  currentPath = useLocation().pathname
  return null
}

export function renderApp(path) {
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <PathProbe />
    </MemoryRouter>,
  )
  return { ...view, path: () => currentPath }
}
