/** Side menu of the signed-in area (spec 000 §2 Navigation). */
import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router-dom'

const ENTRIES = [
  { to: '/home/dashboard', labelKey: 'side.myPages' },
  { to: '/home/my-agents', labelKey: 'side.myAgents' },
  { to: '/home/manage-products', labelKey: 'side.myProducts' },
  { to: '/home/team', labelKey: 'side.team' },
  { to: '/home/billing', labelKey: 'side.billing' },
]

export default function SideMenu() {
  const { t } = useTranslation()
  return (
    <nav className="side-menu" aria-label="side menu">
      <Link className="button button--primary side-menu__wizard" to="/home/wizard-popup">
        {t('side.startWizard')}
      </Link>
      {ENTRIES.map(({ to, labelKey }) => (
        <NavLink key={to} to={to} className="side-menu__entry">
          {t(labelKey)}
        </NavLink>
      ))}
    </nav>
  )
}
