/** One payment's invoice, opened from the payments tab (spec 001 §4 "Billing"), with a Back link to the list. A paid
 *  order's invoice comes from the server (seller, buyer, the period covered, the VAT its price includes) with its
 *  PDF to download; an order not paid shows its history row and says it has no invoice. */
import { Alert, Anchor, Button, Card, Divider, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { billingApi } from '../../api/billing'
import { useLoaded } from '../../hooks/useLoaded'
import { formatDate } from '../notices/NoticeText'
import { planLabel } from '../pricing/PlanCard'
import { formatAmount, invoiceFileName, saveFile } from './invoiceModel'
import { StatusBadge } from './PaymentHistory'

function Line({ label, children }) {
  return (
    <div>
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{children}</Text>
    </div>
  )
}

const lines = (...parts) => parts.filter(Boolean).join('\n')

export default function InvoiceView({ row, onBack }) {
  const { t, i18n } = useTranslation()
  // Only a paid order (one with an invoice number) has an invoice to read.
  const loaded = useLoaded(useCallback(() => (row.factureNumber ? billingApi.invoice(row.idPack) : null),
    [row.factureNumber, row.idPack]))
  const invoice = loaded.value
  const state = row.factureNumber ? loaded.state : 'none' // loading | ready | none | error
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const date = (value) => (value ? formatDate(new Date(value), i18n.language) : '')
  const money = (payment) => formatAmount({ payment, currency: row.currency })

  async function download() {
    setBusy(true)
    setFailed(false)
    try {
      saveFile(await billingApi.invoicePdf(row.idPack), invoiceFileName(row.factureNumber))
    } catch (error) {
      console.warn('invoice not downloaded', error)
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  const line = invoice?.lines?.[0]
  return (
    <Stack gap="md" className="invoice">
      <Anchor component="button" type="button" onClick={onBack} className="invoice__back" w="fit-content">
        ← {t('common.back')}
      </Anchor>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" mb="md">
          <div>
            <Title order={2} size="h3">{t('billing.invoice.title')}</Title>
            <Text c="dimmed" className="invoice__number">{row.factureNumber || t('billing.invoice.noNumber')}</Text>
          </div>
          <StatusBadge status={row.status} />
        </Group>
        {state === 'loading' && <Loader size="sm" aria-label={t('common.loading')} />}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Line label={t('billing.payments.date')}>{date(invoice?.date ?? row.date_Create)}</Line>
          <Line label={t('billing.invoice.order')}>{row.idPack}</Line>
          {invoice && (
            <Line label={t('billing.invoice.seller')}>
              {lines(invoice.seller?.name, invoice.seller?.address,
                invoice.seller?.taxId && t('billing.invoice.taxId', { id: invoice.seller.taxId }))}
            </Line>
          )}
          <Line label={t('billing.invoice.billedTo')}>
            {lines(row.payed_by, row.email, invoice?.buyer?.address)}
          </Line>
          <Line label={t('billing.payments.plan')}>
            {planLabel(t, row.description)} · {t('billing.modal.months', { count: Number(row.period) })}
          </Line>
          {line?.from && (
            <Line label={t('billing.invoice.covers')}>
              {t('billing.invoice.fromTo', { from: date(line.from), to: date(line.to) })}
            </Line>
          )}
        </SimpleGrid>
        <Divider my="md" />
        {invoice && (
          <Stack gap={2} mb="xs" className="invoice__vat">
            <Group justify="space-between">
              <Text size="sm" c="dimmed">{t('billing.invoice.excludingVat')}</Text>
              <Text size="sm">{money(invoice.totalExcludingVat)}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">{t('billing.invoice.vat', { percent: invoice.vatPercent })}</Text>
              <Text size="sm">{money(invoice.vat)}</Text>
            </Group>
          </Stack>
        )}
        <Group justify="space-between">
          <Text fw={600}>{t('billing.payments.amount')}</Text>
          <Text fw={700} fz="lg" className="invoice__amount">{formatAmount(row)}</Text>
        </Group>
      </Card>
      {state === 'none' && <Text c="dimmed" size="sm">{t('billing.invoice.notPaid')}</Text>}
      {state === 'error' && <Alert color="red" variant="light" role="alert">{t('billing.invoice.loadError')}</Alert>}
      {failed && <Alert color="red" variant="light" role="alert">{t('billing.invoice.failed')}</Alert>}
      <Group>
        <Button variant="default" onClick={onBack}>{t('common.back')}</Button>
        {row.factureNumber && (
          <Button onClick={download} loading={busy}>{t('billing.invoice.download')}</Button>
        )}
      </Group>
    </Stack>
  )
}
