/** Notifications: the plan's renewal notification (0 to 3 days left) or upgrade notice (expired), spec 000 §4;
 *  otherwise an empty state. */
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import Page from '../../components/layout/Page'
import NoticeText from '../../components/notices/NoticeText'
import { standingNotices } from '../../components/notices/planExpiry'
import { useSessionStore } from '../../stores/session'

const STYLE = { renewal: { color: 'orange', title: 'notices.renewalTitle', text: 'notices.renewal' },
  upgrade: { color: 'red', title: 'notices.upgradeTitle', text: 'notices.upgrade' } }

export default function NotificationPage() {
  const { t } = useTranslation()
  const pack = useSessionStore((s) => s.user?.pack)
  const notices = standingNotices(pack)
  return (
    <Page>
      <Title order={1} mb="lg">{t('pages.notification.title')}</Title>
      {notices.length === 0 ? (
        <Text c="dimmed">{t('notices.none')}</Text>
      ) : (
        <Stack gap="md">
          {notices.map(({ kind, days, date }) => (
            <Alert key={kind} color={STYLE[kind].color} variant="light" title={t(STYLE[kind].title)}>
              <Text inherit mb={6}><NoticeText messageKey={STYLE[kind].text} days={days} date={date} /></Text>
              <Anchor component={Link} to="/home/billing" inherit fw={600}>{t('notices.toBilling')}</Anchor>
            </Alert>
          ))}
        </Stack>
      )}
    </Page>
  )
}
