/** The payment modal of the change tab (spec 001 §4 "Billing", §5 "Payment form"): a plan (never Free Trial nor
 *  the current one), a period of 1, 6 or 12 months with its discount, the buyer's first name, last name, e-mail and
 *  address; Confirm stays disabled until all are filled. Choosing a plan resets the period. Confirm records the
 *  purchase (addNewTransaction), then CheckoutForm posts the server's signed fields to the card checkout. */
import { Alert, Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { billingApi } from '../../api/billing'
import { formatPrice, isSelectable, monthlyPrice, PERIODS, periodPrice } from '../pricing/pricingModel'
import { planLabel } from '../pricing/PlanCard'
import CheckoutForm from './CheckoutForm'
import { checkoutOf, EMPTY_BUYER, isComplete, purchasePayload } from './purchase'

function buyerOf(user) {
  return { ...EMPTY_BUYER, firstName: user?.first_name ?? '', lastName: user?.last_name ?? '', email: user?.email ?? '' }
}

export default function PaymentModal({ opened, onClose, plans, initialPlan, initialMonths = null, currentName, currency, user, orderId }) {
  const { t, i18n } = useTranslation()
  const [planName, setPlanName] = useState(null)
  const [months, setMonths] = useState(null)
  const [buyer, setBuyer] = useState(EMPTY_BUYER)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(null)
  const [checkout, setCheckout] = useState(null)

  useEffect(() => {
    if (!opened) return
    setPlanName(isSelectable(initialPlan, currentName) ? initialPlan.name : null)
    setMonths(initialMonths) // a retry after a refused card comes back with its period
    setBuyer(buyerOf(user))
    setFailed(null)
  }, [opened, initialPlan, initialMonths, currentName, user])

  const plan = plans.find((p) => p.name === planName) ?? null
  const complete = isComplete({ plan, months, buyer })
  const field = (name) => ({
    value: buyer[name],
    onChange: (event) => setBuyer({ ...buyer, [name]: event.currentTarget.value }),
    required: true,
  })

  function choosePlan(name) {
    setPlanName(name)
    setMonths(null) // a new plan resets the period and its discount
  }

  async function confirm() {
    setBusy(true)
    setFailed(null)
    try {
      const answer = await billingApi.addNewTransaction(user?.idFacebook ?? '',
        purchasePayload({ plan, months, buyer, currency, orderId, language: i18n.language === 'fr' ? 'fr' : 'en' }))
      const next = checkoutOf(answer)
      if (!next) throw new Error('no checkout in the answer')
      setCheckout(next)
    } catch (error) {
      console.warn('transaction not recorded', error)
      // A refusal with its reason (422: a plan not offered, an e-mail the gateway would refuse) is shown as is.
      setFailed(error?.status === 422 && error.message ? error.message : t('billing.modal.failed'))
      setBusy(false)
    }
  }

  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={t('billing.modal.title')} centered size="lg"
      className="payment-modal">
      <Stack gap="sm">
        <Select label={t('billing.modal.plan')} placeholder={t('billing.modal.planPlaceholder')} value={planName}
          onChange={choosePlan} allowDeselect={false} comboboxProps={{ withinPortal: true }}
          data={plans.map((p) => ({
            value: p.name,
            label: p.name === currentName ? `${planLabel(t, p.name)} (${t('billing.modal.yourPlan')})` : planLabel(t, p.name),
            disabled: !isSelectable(p, currentName),
          }))} />
        <Radio.Group label={t('billing.modal.period')} value={months ? String(months) : null}
          onChange={(value) => setMonths(Number(value))} withAsterisk>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt={6}>
            {PERIODS.map(({ months: m, discount }) => (
              <Radio.Card key={m} value={String(m)} disabled={!plan} p="xs" radius="md" className="payment-modal__period"
                aria-label={t('billing.modal.months', { count: m })}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Radio.Indicator disabled={!plan} />
                  <Group gap={4} justify="space-between" align="baseline" style={{ flex: 1 }}>
                    <div>
                      <Text fw={600} size="sm">{t('billing.modal.months', { count: m })}</Text>
                      <Text size="xs" c={discount ? 'green.8' : 'dimmed'}>
                        {discount ? t('billing.modal.discount', { percent: discount * 100 }) : t('billing.modal.noDiscount')}
                      </Text>
                    </div>
                    {plan && <Text size="xs" c="dimmed">{formatPrice(periodPrice(plan, currency, m), currency)}</Text>}
                  </Group>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('billing.modal.firstName')} autoComplete="given-name" {...field('firstName')} />
          <TextInput label={t('billing.modal.lastName')} autoComplete="family-name" {...field('lastName')} />
        </SimpleGrid>
        <TextInput label={t('billing.modal.email')} autoComplete="email" {...field('email')} />
        <TextInput label={t('billing.modal.address')} autoComplete="street-address" {...field('address')} />
        {plan && months && (
          <Group justify="space-between" className="payment-modal__total" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('billing.modal.summary', { price: formatPrice(monthlyPrice(plan, currency), currency), count: months })}
            </Text>
            <Text fw={700} fz="lg">{formatPrice(periodPrice(plan, currency, months), currency)}</Text>
          </Group>
        )}
        {failed && <Alert color="red" variant="light" role="alert">{failed}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
          <Button onClick={confirm} disabled={!complete} loading={busy}>{t('billing.modal.confirm')}</Button>
        </Group>
        <Text size="xs" c="dimmed">{t('billing.modal.secure')}</Text>
      </Stack>
      {checkout && <CheckoutForm url={checkout.url} fields={checkout.fields} />}
    </Modal>
  )
}
