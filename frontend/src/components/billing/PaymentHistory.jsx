/** The payments tab (spec 001 §3 "Payment history row", §4 "Billing"): one row per payment, newest first as the
 *  server sends them, its status in its fixed colour, and a View link that opens the invoice. Scrolls sideways
 *  inside its frame on a phone. */
import { Anchor, Badge, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../notices/NoticeText'
import { planLabel } from '../pricing/PlanCard'
import { formatAmount } from './invoiceModel'
import { statusColor } from './paymentStatus'

export function StatusBadge({ status }) {
  const { t } = useTranslation()
  return (
    <Badge color={statusColor(status)} variant="filled" className="payment-status" data-status={status}>
      {t(`billing.status.${status}`, { defaultValue: status })}
    </Badge>
  )
}

export default function PaymentHistory({ rows, onView }) {
  const { t, i18n } = useTranslation()
  if (rows.length === 0) return <Text c="dimmed" className="payments__empty">{t('billing.payments.empty')}</Text>
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" className="payments">
        <Table.Thead>
          <Table.Tr>
            {['date', 'plan', 'period', 'amount', 'status', 'payedBy', 'invoice'].map((column) => (
              <Table.Th key={column}>{t(`billing.payments.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.idPack ?? row.factureNumber} data-order={row.idPack}>
              <Table.Td>{row.date_Create ? formatDate(new Date(row.date_Create), i18n.language) : ''}</Table.Td>
              <Table.Td>{planLabel(t, row.description)}</Table.Td>
              <Table.Td>{t('billing.modal.months', { count: Number(row.period) })}</Table.Td>
              <Table.Td>{formatAmount(row)}</Table.Td>
              <Table.Td><StatusBadge status={row.status} /></Table.Td>
              <Table.Td>{row.payed_by}</Table.Td>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => onView(row)}
                  aria-label={t('billing.payments.viewOf', { number: row.factureNumber || row.idPack })}>
                  {t('billing.payments.view')}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
