/** The payments tab (spec 001 §3 "Payment history row", §4 "Billing"): one row per payment, newest first as the
 *  server sends them, its status in its fixed colour, and a View link that opens the invoice: a table, or on a
 *  phone one card per payment. */
import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../notices/NoticeText'
import { planLabel } from '../pricing/PlanCard'
import { formatAmount } from './invoiceModel'
import { statusColor } from './paymentStatus'

export function StatusBadge({ status }) {
  const { t } = useTranslation()
  // A long status ("Rejet bancaire") wraps inside the badge rather than leaving a phone's card.
  return (
    <Badge color={statusColor(status)} variant="filled" className="payment-status" data-status={status}
      styles={{ root: { maxWidth: '100%', height: 'auto', minHeight: 20, flexShrink: 0 },
        label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } }}>
      {t(`billing.status.${status}`, { defaultValue: status })}
    </Badge>
  )
}

function ViewLink({ row, onView }) {
  const { t } = useTranslation()
  return (
    <Anchor component="button" type="button" onClick={() => onView(row)}
      aria-label={t('billing.payments.viewOf', { number: row.factureNumber || row.idPack })}>
      {t('billing.payments.view')}
    </Anchor>
  )
}

/** A phone shows each payment as a card (the seven columns do not fit 375 px); wider screens the table. */
function PaymentCards({ rows, onView }) {
  const { t, i18n } = useTranslation()
  return (
    <Stack gap="sm" className="payments">
      {rows.map((row) => (
        <Card key={row.idPack ?? row.factureNumber} withBorder radius="md" padding="md" className="payment-row"
          data-order={row.idPack}>
          <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0, flex: '1 1 10rem' }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {planLabel(t, row.description)} · {t('billing.modal.months', { count: Number(row.period) })}
              </Text>
              <Text size="sm" c="dimmed">{row.date_Create ? formatDate(new Date(row.date_Create), i18n.language) : ''}</Text>
            </div>
            <StatusBadge status={row.status} />
          </Group>
          <Group justify="space-between" mt="xs">
            <Text fw={700}>{formatAmount(row)}</Text>
            <ViewLink row={row} onView={onView} />
          </Group>
        </Card>
      ))}
    </Stack>
  )
}

export default function PaymentHistory({ rows, onView }) {
  const { t, i18n } = useTranslation()
  const phone = useMediaQuery('(max-width: 48em)')
  if (rows.length === 0) return <Text c="dimmed" className="payments__empty">{t('billing.payments.empty')}</Text>
  if (phone) return <PaymentCards rows={rows} onView={onView} />
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
            <Table.Tr key={row.idPack ?? row.factureNumber} className="payment-row" data-order={row.idPack}>
              <Table.Td>{row.date_Create ? formatDate(new Date(row.date_Create), i18n.language) : ''}</Table.Td>
              <Table.Td>{planLabel(t, row.description)}</Table.Td>
              <Table.Td>{t('billing.modal.months', { count: Number(row.period) })}</Table.Td>
              <Table.Td>{formatAmount(row)}</Table.Td>
              <Table.Td><StatusBadge status={row.status} /></Table.Td>
              <Table.Td>{row.payed_by}</Table.Td>
              <Table.Td><ViewLink row={row} onView={onView} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
