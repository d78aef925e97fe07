/** Notifications: the selected page's alerts, read and unread, each with its fix (AlertList); then the plan's
 *  renewal notification (0 to 3 days left) or upgrade notice (expired), spec 000 §4, unless a plan alert of the
 *  page already says it; the empty state when there is nothing. */
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import AlertList from '../../components/alerts/AlertList'
import Page from '../../components/layout/Page'
import NoticeText from '../../components/notices/NoticeText'
import { standingNotices } from '../../components/notices/planExpiry'
import { useAlertsStore } from '../../stores/alerts'
import { useSessionStore } from '../../stores/session'

const STYLE = { renewal: { color: 'orange', title: 'notices.renewalTitle', text: 'notices.renewal' },
  upgrade: { color: 'red', title: 'notices.upgradeTitle', text: 'notices.upgrade' } }
const PLAN_ALERTS = ['plan_expiring', 'plan_expired']

function PlanNotice({ kind, days, date }) {
  const { t } = useTranslation()
  return (
    <Alert color={STYLE[kind].color} variant="light" title={t(STYLE[kind].title)}>
      <Text inherit mb={6}><NoticeText messageKey={STYLE[kind].text} days={days} date={date} /></Text>
      <Anchor component={Link} to="/home/billing" inherit fw={600}>{t('notices.toBilling')}</Anchor>
    </Alert>
  )
}

export default function NotificationPage() {
  const { t } = useTranslation()
  const pack = useSessionStore((s) => s.user?.pack)
  const page = useSessionStore((s) => s.selectedPage)
  const planAlerted = useAlertsStore((s) => s.alerts.some((alert) => PLAN_ALERTS.includes(alert.kind)))
  const notices = planAlerted ? [] : standingNotices(pack)
  return (
    <Page>
      <Title order={1} mb="lg">{t('pages.notification.title')}</Title>
      <Stack gap="xl">
        {page && <AlertList page={page} />}
        {notices.map((notice) => <PlanNotice key={notice.kind} {...notice} />)}
        {!page && notices.length === 0 && (
          <Text c="dimmed">
            {t('notices.none')}{' '}
            <Anchor component={Link} to="/home/dashboard">{t('alerts.noPage')}</Anchor>
          </Text>
        )}
      </Stack>
    </Page>
  )
}
