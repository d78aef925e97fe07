/** Top bar: logo, entries, FR/EN switch, Login / Sign up or the profile menu; a menu button on mobile. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { useLogin } from '../../hooks/useLogin'
import { isSignedIn, useSessionStore } from '../../stores/session'
import LanguageSwitch from './LanguageSwitch'
import ProfileMenu from './ProfileMenu'

export default function TopBar() {
  const { t } = useTranslation()
  const signedIn = useSessionStore(isSignedIn)
  const user = useSessionStore((s) => s.user)
  const logout = useSessionStore((s) => s.logout)
  const navigate = useNavigate()
  const { startLogin, starting } = useLogin()
  const [menuOpen, setMenuOpen] = useState(false)
  const closeMenu = () => setMenuOpen(false)

  // The top bar outlives the signed-in screens, so it is the one to navigate once signed out.
  async function signOut() {
    await logout()
    navigate('/', { replace: true })
  }

  return (
    <header className="top-bar">
      <Link to="/" className="top-bar__logo" onClick={closeMenu}>
        <img src="/logo.svg" alt="" width="32" height="32" />
        <span>{t('common.appName')}</span>
      </Link>
      <button
        type="button"
        className="top-bar__burger"
        aria-label={t('common.menu')}
        aria-expanded={menuOpen}
        onClick={() => setMenuOpen(!menuOpen)}
      >
        ☰
      </button>
      <div className={menuOpen ? 'top-bar__menu is-open' : 'top-bar__menu'}>
        <nav className="top-bar__entries" onClick={closeMenu}>
          <Link to="/#our-solution">{t('nav.whatIs')}</Link>
          <Link to={signedIn ? '/how-to-use-it-home' : '/how-to-use-it'}>{t('nav.howToUse')}</Link>
          <Link to="/pricing">{t('nav.pricing')}</Link>
          <Link to="/#contact">{t('nav.contact')}</Link>
        </nav>
        <LanguageSwitch />
        {signedIn ? (
          <ProfileMenu user={user} onLogout={signOut} />
        ) : (
          <div className="top-bar__auth">
            <button type="button" className="button" disabled={starting} onClick={startLogin}>
              {t('common.signup')}
            </button>
            <button type="button" className="button button--primary" disabled={starting} onClick={startLogin}>
              {t('common.login')}
            </button>
          </div>
        )}
      </div>
    </header>
  )
}
