/** Renders the whole app at a path, the way a browser would open it (inside the same providers). */
import { render } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import App from '../App'
import '../i18n'
import Providers from '../providers'

let currentPath = null

function PathProbe() {
  currentPath = useLocation().pathname
  return null
}

/** Renders any element inside the app's providers (Mantine's theme and notifications). */
export function renderWithProviders(element) {
  return render(<Providers env="test">{element}</Providers>)
}

export function renderApp(path) {
  const view = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <PathProbe />
    </MemoryRouter>,
  )
  return { ...view, path: () => currentPath }
}
