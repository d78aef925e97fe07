/** Shows the plan-expiry notices of spec 000 §4 once per visit (until `hasvisited` is stored): the toast of the
 *  days left, the renewal notification, the upgrade notice, and on the dashboard the error alert with the expiry
 *  date. Mounted by the top bar, so it runs on every screen; the rules are in planExpiry.js. */
import { Button, Group, Modal, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { createElement, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { TOAST_MS } from '../../stores/feedback'
import { isSignedIn, useSessionStore } from '../../stores/session'
import NoticeText from './NoticeText'
import { isWatched, readHasVisited, visitNotices, writeHasVisited } from './planExpiry'

const DASHBOARD = '/home/dashboard'
const TOASTS = {
  toast: { messageKey: 'notices.daysLeft', color: 'blue', role: 'status' },
  renewal: { titleKey: 'notices.renewalTitle', messageKey: 'notices.renewal', color: 'orange', role: 'status' },
  upgrade: { titleKey: 'notices.upgradeTitle', messageKey: 'notices.upgrade', color: 'red', role: 'alert' },
}
const asAlertDialog = (node) => node?.setAttribute('role', 'alertdialog')

function showToast({ kind, days, date }) {
  const { titleKey, messageKey, color, role } = TOASTS[kind]
  notifications.show({
    title: titleKey ? createElement(NoticeText, { messageKey: titleKey }) : undefined,
    message: createElement(NoticeText, { messageKey, days, date }),
    color,
    autoClose: TOAST_MS,
    role,
  })
}

export default function PlanNotices() {
  const { t } = useTranslation()
  const signedIn = useSessionStore(isSignedIn)
  const pack = useSessionStore((s) => s.user?.pack)
  const { pathname } = useLocation()
  const [warning, setWarning] = useState(null)

  useEffect(() => {
    if (!signedIn || !isWatched(pack) || readHasVisited()) return
    writeHasVisited()
    for (const notice of visitNotices({ pack, onDashboard: pathname === DASHBOARD })) {
      if (notice.kind === 'dashboardWarning') setWarning(notice)
      else showToast(notice)
    }
  }, [signedIn, pack, pathname])

  return (
    <Modal.Root opened={Boolean(warning)} onClose={() => setWarning(null)} centered size={400}>
      <Modal.Overlay />
      <Modal.Content ref={asAlertDialog} radius={10}>
        <Modal.Body pt="lg">
          {warning && (
            <>
              <Text ta="center" c="red.8" fw={600} mb="md">
                <NoticeText messageKey="notices.dashboardWarning" days={warning.days} date={warning.date} />
              </Text>
              <Group justify="center">
                <Button color="red" onClick={() => setWarning(null)} data-autofocus>{t('common.okay')}</Button>
              </Group>
            </>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}
