/** The plans as cards in three columns on a desktop, two on a tablet, one on a phone (spec 000 §2 "/pricing"),
 *  with the loading and failure states of the catalogue; `actionOf(plan)` gives each card its button. */
import { SimpleGrid, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import Loaded from '../common/Loaded'
import PlanCard from './PlanCard'

export default function PlanGrid({ plans, state, reload, currency, currentName = null, actionOf = () => null }) {
  const { t } = useTranslation()
  if (state !== 'ready') return <Loaded state={state} errorKey="pricing.loadError" onRetry={reload} />
  if (plans.length === 0) return <Text c="dimmed">{t('pricing.empty')}</Text>
  return (
    // Sized by its own width (four plans: one row of four, two of two, or one column), not the window's.
    <SimpleGrid type="container" cols={{ base: 1, '560px': 2, '1100px': 4 }} spacing="lg" className="plan-grid">
      {plans.map((plan) => (
        <PlanCard key={plan.name} plan={plan} currency={currency} current={plan.name === currentName}
          action={actionOf(plan)} />
      ))}
    </SimpleGrid>
  )
}
