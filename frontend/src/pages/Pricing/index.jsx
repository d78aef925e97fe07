/** /pricing (public, spec 000 §2): the plans from GET /api/v1/pricing/pricing as cards, priced in the visitor's
 *  currency (spec 001 §9: TND in Tunisia, EUR in the European Union, USD elsewhere), taxes included. A visitor
 *  signs up from a card; a signed-in user goes to the billing change tab. */
import { Button, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import Page from '../../components/layout/Page'
import PlanGrid from '../../components/pricing/PlanGrid'
import { browserCurrency, CURRENCIES, isFreeTrial } from '../../components/pricing/pricingModel'
import { usePricing } from '../../components/pricing/usePricing'
import { useLogin } from '../../hooks/useLogin'
import { isSignedIn, useSessionStore } from '../../stores/session'

export default function PricingPage() {
  const { t } = useTranslation()
  const pricing = usePricing()
  const [currency] = useState(browserCurrency)
  const signedIn = useSessionStore(isSignedIn)
  const { startLogin, starting } = useLogin()

  const actionOf = (plan) => {
    if (signedIn) {
      return isFreeTrial(plan) ? null : (
        <Button fullWidth component={Link} to="/home/billing?tab=change">{t('pricing.choose')}</Button>
      )
    }
    return (
      <Button fullWidth onClick={startLogin} loading={starting} variant={isFreeTrial(plan) ? 'light' : 'filled'}>
        {t(isFreeTrial(plan) ? 'pricing.startFree' : 'pricing.signUp')}
      </Button>
    )
  }

  return (
    <Page maw={1100}>
      <Title order={1} mb="xs">{t('pages.pricing.title')}</Title>
      <Text c="dimmed" mb="lg" className="pricing__currency">
        {t('pricing.currencyNote', { currency: currency, symbol: CURRENCIES[currency].value })}
      </Text>
      <PlanGrid {...pricing} currency={currency} actionOf={actionOf} />
    </Page>
  )
}
