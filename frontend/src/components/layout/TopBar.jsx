/** Top bar: logo, the tutorial video icon (signed in), entries (Contact us opens the contact modal), FR/EN
 *  switch, Login / Sign up or the bell of unread alerts and the profile menu; below the desktop width the bell and a
 *  Burger, which opens the same entries in a Drawer. It also mounts the plan-expiry notices, as it is on every
 *  screen. */
import { Anchor, Box, Burger, Button, Drawer, Group, Stack } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import ContactModal from '../contact/ContactModal'
import PlanNotices from '../notices/PlanNotices'
import { useLogin } from '../../hooks/useLogin'
import { isSignedIn, useSessionStore } from '../../stores/session'
import AlertBell, { useUnreadAlerts } from './AlertBell'
import LanguageSwitch from './LanguageSwitch'
import classes from './Layout.module.css'
import ProfileMenu from './ProfileMenu'
import TutorialVideo from './TutorialVideo'

// The French entries need the desktop width to sit on one line with the buttons (spec: desktop from 992px).
const DESKTOP = 'md'
const HEADER_HEIGHT = 'var(--app-shell-header-height)'

function Entries({ signedIn, onPick, onContact }) {
  const { t } = useTranslation()
  const entries = [
    { to: '/#our-solution', label: t('nav.whatIs') },
    { to: signedIn ? '/how-to-use-it-home' : '/how-to-use-it', label: t('nav.howToUse') },
    { to: '/pricing', label: t('nav.pricing') },
  ]
  return (
    <>
      {entries.map(({ to, label }) => (
        <Anchor key={to} component={Link} to={to} className={classes.entry} onClick={onPick}>
          {label}
        </Anchor>
      ))}
      {/* spec 000 §2: "contact us (opens a contact modal)" */}
      <Anchor component="button" type="button" className={classes.entry} aria-haspopup="dialog" ta="start"
        onClick={() => { onPick?.(); onContact() }}>
        {t('nav.contact')}
      </Anchor>
    </>
  )
}

function Account({ signedIn, user, onLogout }) {
  const { t } = useTranslation()
  const { startLogin, starting } = useLogin()
  if (signedIn) return <ProfileMenu user={user} onLogout={onLogout} />
  return (
    <Group gap="xs" wrap="nowrap">
      <Button variant="outline" disabled={starting} onClick={startLogin}>{t('common.signup')}</Button>
      <Button disabled={starting} onClick={startLogin}>{t('common.login')}</Button>
    </Group>
  )
}

export default function TopBar() {
  const { t } = useTranslation()
  const signedIn = useSessionStore(isSignedIn)
  const user = useSessionStore((s) => s.user)
  const logout = useSessionStore((s) => s.logout)
  const navigate = useNavigate()
  const [menuOpen, menu] = useDisclosure(false)
  const [contactOpen, contact] = useDisclosure(false)
  useUnreadAlerts(signedIn)

  // The top bar outlives the signed-in screens, so it is the one to navigate once signed out.
  async function signOut() {
    menu.close()
    await logout()
    navigate('/', { replace: true })
  }

  return (
    <Group h="100%" px="lg" gap="md" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to="/" className={classes.logo} onClick={menu.close}>
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>{t('common.appName')}</span>
        </Anchor>
        {signedIn && <TutorialVideo />}
      </Group>
      <Group gap="md" wrap="nowrap" visibleFrom={DESKTOP} className={classes.bar}>
        <Group component="nav" gap="md" wrap="nowrap" className={classes.bar}>
          <Entries signedIn={signedIn} onContact={contact.open} />
        </Group>
        <LanguageSwitch />
        {signedIn && <AlertBell />}
        <Account signedIn={signedIn} user={user} onLogout={signOut} />
      </Group>
      <Group gap="xs" wrap="nowrap" hiddenFrom={DESKTOP}>
        {signedIn && <AlertBell onPick={menu.close} />}
        <Burger
          opened={menuOpen}
          onClick={menu.toggle}
          aria-label={t('common.menu')}
          aria-expanded={menuOpen}
        />
      </Group>
      {/* The drawer opens below the top bar, so that the Burger (now a cross) stays the one to close it. */}
      <Drawer
        opened={menuOpen}
        onClose={menu.close}
        hiddenFrom={DESKTOP}
        position="right"
        size="xs"
        withCloseButton={false}
        styles={{ inner: { top: HEADER_HEIGHT }, overlay: { top: HEADER_HEIGHT } }}
      >
        <Stack gap="md" align="flex-start">
          <Stack component="nav" gap="sm">
            <Entries signedIn={signedIn} onPick={menu.close} onContact={contact.open} />
          </Stack>
          <LanguageSwitch />
          <Box>
            <Account signedIn={signedIn} user={user} onLogout={signOut} />
          </Box>
        </Stack>
      </Drawer>
      <ContactModal opened={contactOpen} onClose={contact.close} />
      <PlanNotices />
    </Group>
  )
}
