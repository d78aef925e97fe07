/** Mantine around the app: the theme (light only, as today) and the notifications host (the toasts).
 *  `env="test"` (Vitest) turns off Mantine's transitions and portals so that tests see the DOM at once. */
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { TOAST_MS } from './stores/feedback'
import { cssVariablesResolver, theme } from './theme'

export default function Providers({ children, env = 'default' }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env={env}>
      <Notifications position="bottom-right" autoClose={TOAST_MS} />
      {children}
    </MantineProvider>
  )
}
