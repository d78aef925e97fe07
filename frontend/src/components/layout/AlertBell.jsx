/** The header's bell: the selected page's unread alerts, leading to /notification. `useUnreadAlerts` keeps the
 *  count fresh (once for the top bar, which shows a bell at each width). */
import { ActionIcon, Indicator } from '@mantine/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useAlertsStore } from '../../stores/alerts'
import { useSessionStore } from '../../stores/session'

// The beat pass raises alerts every minute: a count a minute old at most.
export const UNREAD_POLL_MS = 60_000

export function useUnreadAlerts(signedIn) {
  const page = useSessionStore((s) => s.selectedPage)
  const refreshUnread = useAlertsStore((s) => s.refreshUnread)
  useEffect(() => {
    if (!signedIn) return undefined
    refreshUnread(page)
    const timer = setInterval(() => refreshUnread(page), UNREAD_POLL_MS)
    return () => clearInterval(timer)
  }, [signedIn, page?.platform, page?.id]) // eslint-disable-line react-hooks/exhaustive-deps
}

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  )
}

export default function AlertBell({ onPick }) {
  const { t } = useTranslation()
  const unread = useAlertsStore((s) => s.unread)
  return (
    <Indicator label={unread} disabled={unread === 0} size={18} color="red" offset={5} inline
      className="alert-bell__count">
      <ActionIcon component={Link} to="/notification" variant="subtle" color="gray" size="lg" onClick={onPick}
        aria-label={t('alerts.bell', { count: unread })} className="alert-bell">
        <BellIcon />
      </ActionIcon>
    </Indicator>
  )
}
