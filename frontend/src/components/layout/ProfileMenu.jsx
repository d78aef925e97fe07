/** The signed-in user's picture in the top bar, with a dropdown holding Logout. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useSessionStore } from '../../stores/session'
import Avatar from './Avatar'

export default function ProfileMenu({ user }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const logout = useSessionStore((s) => s.logout)
  const [open, setOpen] = useState(false)

  async function signOut() {
    setOpen(false)
    await logout()
    navigate('/', { replace: true })
  }

  return (
    <div className="profile-menu">
      <button
        type="button"
        className="profile-menu__toggle"
        aria-label={t('nav.profile')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Avatar user={user} />
      </button>
      {open && (
        <div className="profile-menu__dropdown">
          <button type="button" className="button" onClick={signOut}>
            {t('common.logout')}
          </button>
        </div>
      )}
    </div>
  )
}
