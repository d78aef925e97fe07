/** One alert: what is wrong (its title and text, in the reader's language), since when, read or not, the button
 *  that fixes it and, while unread, Mark as read. */
import { Alert, Badge, Button, Group, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { alertValues, raisedOn } from './alertTexts'

// Red: nothing is answered until it is fixed. Orange: a warning, replies still go out.
const COLORS = { reply_limit_80: 'orange', plan_expiring: 'orange', no_comments: 'orange' }

export default function AlertCard({ alert, onFix, onRead }) {
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const values = alertValues(alert, t, i18n.language)

  async function run(action) {
    setBusy(true)
    try {
      await action()
    } finally {
      setBusy(false)
    }
  }

  return (
    <Alert color={COLORS[alert.kind] ?? 'red'} variant={alert.read ? 'outline' : 'light'} radius="md"
      className="alert-card" data-kind={alert.kind} data-read={alert.read}
      title={<Text inherit fw={700} style={{ overflowWrap: 'anywhere' }}>{t(`alerts.kinds.${alert.kind}.title`, values)}</Text>}>
      <Group gap="xs" mb={6}>
        <Badge size="sm" variant={alert.read ? 'outline' : 'filled'} color={alert.read ? 'gray' : 'red'}>
          {alert.read ? t('alerts.read') : t('alerts.unread')}
        </Badge>
        <Text size="xs" c="dimmed">{t('alerts.since', { date: raisedOn(alert, i18n.language) })}</Text>
      </Group>
      <Text size="sm" mb="sm" style={{ overflowWrap: 'anywhere' }}>{t(`alerts.kinds.${alert.kind}.body`, values)}</Text>
      <Group gap="xs">
        <Button size="xs" color={COLORS[alert.kind] ?? 'red'} loading={busy} onClick={() => run(() => onFix(alert))}>
          {t(`alerts.actions.${alert.action.kind}`)}
        </Button>
        {!alert.read && (
          <Button size="xs" variant="default" disabled={busy} onClick={() => run(() => onRead(alert))}>
            {t('alerts.markRead')}
          </Button>
        )}
      </Group>
    </Alert>
  )
}
