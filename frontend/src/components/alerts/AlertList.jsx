/** The selected page's alerts (Home, /notification): loaded on arrival, each with its fix; Mark all as read while
 *  some are unread; a calm line when there is none. */
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAlertsStore } from '../../stores/alerts'
import { useFeedbackStore } from '../../stores/feedback'
import Loaded from '../common/Loaded'
import AlertCard from './AlertCard'
import { useAlertFix } from './useAlertFix'

export default function AlertList({ page, titleOrder = 2 }) {
  const { t } = useTranslation()
  const { alerts, unread, state, load, markRead, markAllRead } = useAlertsStore()
  const toast = useFeedbackStore((s) => s.toast)
  const fix = useAlertFix(page)

  useEffect(() => {
    load(page)
  }, [page?.platform, page?.id]) // eslint-disable-line react-hooks/exhaustive-deps

  async function read(action) {
    try {
      await action()
    } catch (error) {
      console.warn('alert not marked read', error)
      toast('alerts.readFailed', 'error')
    }
  }

  return (
    <section className="alert-list" aria-label={t('alerts.title')}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={titleOrder}>{t('alerts.title')}</Title>
        {unread > 0 && (
          <Button size="xs" variant="subtle" onClick={() => read(() => markAllRead(page))}>{t('alerts.markAllRead')}</Button>
        )}
      </Group>
      <Loaded state={state} errorKey="alerts.loadError" onRetry={() => load(page)}>
        {alerts.length === 0 ? <Text c="dimmed">{t('alerts.none')}</Text> : (
          <Stack gap="sm">
            {alerts.map((alert) => (
              <AlertCard key={alert.id} alert={alert} onFix={fix} onRead={(a) => read(() => markRead(a.id))} />
            ))}
          </Stack>
        )}
      </Loaded>
    </section>
  )
}
