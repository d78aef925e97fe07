/** /home/billing (spec 001 §2, §4 "Billing", §7 "Billing"): three tabs. Plan: the current plan with its limits and
 *  expiry. Change: the plans as cards; a plan other than Free Trial and the current one opens the payment modal,
 *  which sends the browser to the card checkout. Payments: the history with each status's colour; View opens the
 *  invoice with Back and its PDF. The tab is kept in the address (?tab=plan|change|payments); a retry after a refused
 *  card (/payment-failed) comes as ?tab=change&plan=NAME&months=N and opens the payment modal on that order. A page
 *  the free offer refused to connect is named above the plans: paying brings the owner back to connect it. */
import { Alert, Button, Tabs, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { billingApi } from '../../api/billing'
import CurrentPlan from '../../components/billing/CurrentPlan'
import InvoiceView from '../../components/billing/InvoiceView'
import PaymentHistory from '../../components/billing/PaymentHistory'
import PaymentModal from '../../components/billing/PaymentModal'
import { newOrderId } from '../../components/billing/purchase'
import { keepPackInSession } from '../../components/billing/sessionPack'
import Loaded from '../../components/common/Loaded'
import Page from '../../components/layout/Page'
import { pendingConnection } from '../../components/pages/pendingConnection'
import PlanGrid from '../../components/pricing/PlanGrid'
import { planLabel } from '../../components/pricing/PlanCard'
import { browserCurrency, CURRENCIES, isSelectable, PERIODS } from '../../components/pricing/pricingModel'
import { usePricing } from '../../components/pricing/usePricing'
import { useLoaded } from '../../hooks/useLoaded'
import { useSessionStore } from '../../stores/session'

const TABS = ['plan', 'change', 'payments']

export default function BillingPage() {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const [params, setParams] = useSearchParams()
  const tab = TABS.includes(params.get('tab')) ? params.get('tab') : 'plan'
  const [currency] = useState(browserCurrency)
  const [orderId] = useState(newOrderId)
  const [buying, setBuying] = useState(null)
  const [invoice, setInvoice] = useState(null)
  const [waiting] = useState(pendingConnection)

  const pricing = usePricing()
  const networkId = user?.idFacebook ?? ''
  const plan = useLoaded(useCallback(() => billingApi.plan(networkId), [networkId]))
  const history = useLoaded(useCallback(() => billingApi.history(networkId), [networkId]))
  const currentName = plan.value?.name ?? null

  useEffect(() => {
    if (plan.value) keepPackInSession(plan.value)
  }, [plan.value])

  // The order to try again, once the plans and the current one are known.
  const retryName = params.get('plan')
  const retryMonths = PERIODS.map((period) => period.months).find((m) => m === Number(params.get('months'))) ?? null
  useEffect(() => {
    if (!retryName || plan.state !== 'ready') return
    const again = pricing.plans.find((candidate) => candidate.name === retryName)
    if (again && isSelectable(again, currentName)) setBuying(again)
  }, [retryName, pricing.plans, plan.state, currentName])

  const closeModal = () => {
    setBuying(null)
    if (retryName) setParams({ tab }, { replace: true })
  }

  const goTo = (next) => {
    setInvoice(null)
    setParams({ tab: next }, { replace: true })
  }

  const actionOf = (candidate) => {
    const selectable = isSelectable(candidate, currentName)
    return (
      <Button fullWidth disabled={!selectable || plan.state !== 'ready'} onClick={() => setBuying(candidate)}
        aria-label={t('billing.change.chooseNamed', { name: planLabel(t, candidate.name) })}>
        {candidate.name === currentName ? t('billing.change.yours') : t('pricing.choose')}
      </Button>
    )
  }

  return (
    <Page maw={1100}>
      <Title order={1} mb="md">{t('pages.billing.title')}</Title>
      <Tabs value={tab} onChange={goTo} keepMounted={false}>
        <Tabs.List mb="lg">
          {TABS.map((name) => <Tabs.Tab key={name} value={name} px={10}>{t(`billing.tabs.${name}`)}</Tabs.Tab>)}
        </Tabs.List>

        <Tabs.Panel value="plan">
          <Loaded state={plan.state} errorKey="billing.plan.loadError" onRetry={plan.reload}>
            {plan.value && <CurrentPlan plan={plan.value} onChange={() => goTo('change')} />}
          </Loaded>
        </Tabs.Panel>

        <Tabs.Panel value="change">
          {waiting && (
            <Alert variant="light" color="blue" mb="md" className="billing__waiting" title={t('freeOffer.waitingTitle', { name: waiting.name })}>
              {t('freeOffer.waiting', { name: waiting.name })}
            </Alert>
          )}
          <Text c="dimmed" mb="md" className="pricing__currency">
            {t('pricing.currencyNote', { currency, symbol: CURRENCIES[currency].value })}
          </Text>
          <PlanGrid {...pricing} currency={currency} currentName={currentName} actionOf={actionOf} />
        </Tabs.Panel>

        <Tabs.Panel value="payments">
          <Loaded state={history.state} errorKey="billing.payments.loadError" onRetry={history.reload}>
            {invoice ? (
              <InvoiceView row={invoice} onBack={() => setInvoice(null)} />
            ) : (
              <PaymentHistory rows={Array.isArray(history.value) ? history.value : []} onView={setInvoice} />
            )}
          </Loaded>
        </Tabs.Panel>
      </Tabs>

      <PaymentModal opened={Boolean(buying)} onClose={closeModal} plans={pricing.plans} initialPlan={buying}
        initialMonths={buying && retryName === buying.name ? retryMonths : null}
        currentName={currentName} currency={currency} user={user} orderId={orderId} />
    </Page>
  )
}
