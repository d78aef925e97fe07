/** /payment-failed, where the card checkout sends the browser back when the card was refused or the payment
 *  cancelled (the specification shows the home page there; the owner is told what happened instead): the order
 *  just tried (the newest of the payment history) with its status, that no money was taken and the plan is
 *  unchanged, and Try again, which reopens the payment form on the same plan and period. */
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { billingApi } from '../../api/billing'
import OrderLine from '../../components/billing/OrderLine'
import Page from '../../components/layout/Page'
import { pendingConnection } from '../../components/pages/pendingConnection'
import { useLoaded } from '../../hooks/useLoaded'
import { useSessionStore } from '../../stores/session'

const latestOf = (history) => (Array.isArray(history) ? history[0] ?? null : null)

/** The billing change tab reopening the payment form on the order tried (its plan and period) when there is one. */
function retryPath(order) {
  if (!order?.description) return '/home/billing?tab=change'
  const query = new URLSearchParams({ tab: 'change', plan: order.description, months: String(order.period ?? '') })
  return `/home/billing?${query}`
}

export default function PaymentFailedPage() {
  const { t } = useTranslation()
  const networkId = useSessionStore((s) => s.user?.idFacebook ?? '')
  const { value, state } = useLoaded(useCallback(() => billingApi.history(networkId), [networkId]))
  const order = latestOf(value)
  const waiting = pendingConnection()
  const what = order?.status === 'canceled' ? 'canceled' : order?.status === 'refused' ? 'refused' : 'unknown'

  return (
    <Page>
      <Card withBorder radius="md" padding="xl" maw={560} className="payment-failed">
        <Stack gap="sm">
          <Title order={1} c="red.8">{t('paymentFailed.title')}</Title>
          {state === 'loading' && <Loader size="sm" aria-label={t('common.loading')} />}
          {state !== 'loading' && <Text className="payment-failed__what">{t(`paymentFailed.${what}`)}</Text>}
          {order && <OrderLine order={order} className="payment-failed__order" />}
          {state !== 'loading' && <Text size="sm">{t('paymentFailed.nothingTaken')}</Text>}
          {waiting && <Text size="sm" c="dimmed">{t('paymentFailed.pageWaits', { name: waiting.name })}</Text>}
          <Group mt="sm">
            <Button component={Link} to={retryPath(order)}>{t('paymentFailed.retry')}</Button>
            <Button component={Link} to="/home/billing?tab=payments" variant="default">{t('payment.toPayments')}</Button>
          </Group>
        </Stack>
      </Card>
    </Page>
  )
}
