/** Side menu of the signed-in area (spec 000 §2 Navigation): the wizard button and Mantine NavLinks; a
 *  wrapped row above the content on mobile. */
import { Box, Button, NavLink } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, matchPath, useLocation } from 'react-router-dom'
import classes from './Layout.module.css'

const ENTRIES = [
  { to: '/home/dashboard', labelKey: 'side.myPages' },
  { to: '/home/my-agents', labelKey: 'side.myAgents' },
  { to: '/home/manage-products', labelKey: 'side.myProducts' },
  { to: '/home/team', labelKey: 'side.team' },
  { to: '/home/billing', labelKey: 'side.billing' },
]

export default function SideMenu() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <Box component="nav" aria-label="side menu" className={classes.sideMenu}>
      <Button component={Link} to="/home/wizard-popup" mb="md" classNames={{ root: classes.wizard, label: classes.wizardLabel }}>
        {t('side.startWizard')}
      </Button>
      {ENTRIES.map(({ to, labelKey }) => {
        const active = Boolean(matchPath({ path: to, end: false }, pathname))
        return (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={t(labelKey)}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="subtle"
            classNames={{ root: classes.sideEntry, label: classes.sideLabel }}
          />
        )
      })}
    </Box>
  )
}
