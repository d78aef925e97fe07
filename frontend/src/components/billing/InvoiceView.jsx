/** One payment's invoice, opened from the payments tab (spec 001 §4 "Billing"): its number, date, buyer, plan,
 *  period, amount and status, a Back link to the list, and the PDF download when the invoice exists. */
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { billingApi } from '../../api/billing'
import { formatDate } from '../notices/NoticeText'
import { planLabel } from '../pricing/PlanCard'
import { formatAmount, invoiceFileName, saveFile } from './invoiceModel'
import { StatusBadge } from './PaymentHistory'

function Line({ label, children }) {
  return (
    <div>
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  )
}

export default function InvoiceView({ row, onBack }) {
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)

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

  return (
    <Stack gap="md" className="invoice">
      <Anchor component="button" type="button" onClick={onBack} className="invoice__back" w="fit-content">
        ← {t('billing.invoice.back')}
      </Anchor>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" mb="md">
          <div>
            <Title order={2} size="h3">{t('billing.invoice.title')}</Title>
            <Text c="dimmed" className="invoice__number">{row.factureNumber || t('billing.invoice.noNumber')}</Text>
          </div>
          <StatusBadge status={row.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Line label={t('billing.payments.date')}>
            {row.date_Create ? formatDate(new Date(row.date_Create), i18n.language) : ''}
          </Line>
          <Line label={t('billing.invoice.billedTo')}>{row.payed_by}{row.email ? ` · ${row.email}` : ''}</Line>
          <Line label={t('billing.payments.plan')}>{planLabel(t, row.description)}</Line>
          <Line label={t('billing.payments.period')}>{t('billing.modal.months', { count: Number(row.period) })}</Line>
          <Line label={t('billing.invoice.order')}>{row.idPack}</Line>
          <Line label={t('billing.payments.amount')}>
            <Text span fw={700} fz="lg" className="invoice__amount">{formatAmount(row)}</Text>
          </Line>
        </SimpleGrid>
      </Card>
      {failed && <Alert color="red" variant="light" role="alert">{t('billing.invoice.failed')}</Alert>}
      <Group>
        <Button variant="default" onClick={onBack}>{t('billing.invoice.back')}</Button>
        {row.factureNumber && (
          <Button onClick={download} loading={busy}>{t('billing.invoice.download')}</Button>
        )}
      </Group>
    </Stack>
  )
}
