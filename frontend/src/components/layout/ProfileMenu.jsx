/** The signed-in user's picture in the top bar, with a dropdown holding Logout. */
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDismiss } from '../../hooks/useDismiss'
import Avatar from './Avatar'

export default function ProfileMenu({ user, onLogout }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const ref = useDismiss(open, useCallback(() => setOpen(false), []))

  return (
    <div className="profile-menu" ref={ref}>
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
          <button type="button" className="button" onClick={() => { setOpen(false); onLogout() }}>
            {t('common.logout')}
          </button>
        </div>
      )}
    </div>
  )
}
