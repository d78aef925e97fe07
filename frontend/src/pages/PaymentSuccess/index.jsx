/** /payment-success/Id/:id1/sId/:id2, where the card checkout sends the browser back after a payment (spec 000
 *  §2, §7): POST /payment-success at load, which answers the latest order and the plan the user now holds (only
 *  the gateway's verified notification marks an order paid, never this page), with the way to the billing area. A
 *  page the free offer refused to connect before the purchase is connected here once the order is paid. */
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { billingApi } from '../../api/billing'
import ConnectAfterPayment from '../../components/billing/ConnectAfterPayment'
import OrderLine from '../../components/billing/OrderLine'
import { keepPackInSession } from '../../components/billing/sessionPack'
import Page from '../../components/layout/Page'
import { formatDate } from '../../components/notices/NoticeText'
import { planLabel } from '../../components/pricing/PlanCard'
import { useLoaded } from '../../hooks/useLoaded'

export default function PaymentSuccessPage() {
  const { t, i18n } = useTranslation()
  const { value, state } = useLoaded(billingApi.paymentSuccess)
  const plan = value?.plan ?? null
  const payment = value?.payment ?? null

  useEffect(() => {
    if (plan) keepPackInSession(plan)
  }, [plan])

  return (
    <Page>
      <Card withBorder radius="md" padding="xl" maw={560} className="payment-success">
        <Stack gap="sm">
          <Title order={1} c="green.8">{t('pages.paymentSuccess.title')}</Title>
          {state === 'ready' && <Text>{t(payment?.status === 'paid' ? 'payment.thanks' : 'payment.pending')}</Text>}
          {state === 'loading' && <Loader size="sm" aria-label={t('common.loading')} />}
          {state === 'ready' && plan?.name && (
            <Text className="payment-success__plan">
              {t('payment.nowOn', { plan: planLabel(t, plan.name) })}
              {plan.expyriedate ? ` ${t('payment.until', { date: formatDate(new Date(plan.expyriedate), i18n.language) })}` : ''}
            </Text>
          )}
          {state === 'ready' && payment && <OrderLine order={payment} className="payment-success__order" />}
          {state === 'error' && <Text c="dimmed">{t('payment.planLater')}</Text>}
          {state !== 'loading' && <ConnectAfterPayment paid={payment?.status === 'paid'} />}
          <Group mt="sm">
            <Button component={Link} to="/home/billing?tab=plan">{t('payment.toBilling')}</Button>
            <Button component={Link} to="/home/billing?tab=payments" variant="default">{t('payment.toPayments')}</Button>
          </Group>
        </Stack>
      </Card>
    </Page>
  )
}
