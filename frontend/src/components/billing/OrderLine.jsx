/** One order as the payment pages show it after the card checkout: its plan, period and amount, and its status. */
import { Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { planLabel } from '../pricing/PlanCard'
import { formatAmount } from './invoiceModel'
import { StatusBadge } from './PaymentHistory'

export default function OrderLine({ order, className }) {
  const { t } = useTranslation()
  return (
    <Group gap="xs" className={className}>
      <Text size="sm" c="dimmed">
        {t('payment.order', { plan: planLabel(t, order.description), count: Number(order.period), amount: formatAmount(order) })}
      </Text>
      <StatusBadge status={order.status} />
    </Group>
  )
}
