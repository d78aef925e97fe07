/** One plan of the pricing catalogue as a Mantine card (spec 001 §3 "Pricing plan"): its name (Free Trial shown
 *  as Free Offer), who it is for, its monthly price in the visitor's currency, its limits and features; `action`
 *  is the card's button (sign up on /pricing, choose on the billing change tab). A limit of 0 is what the plan
 *  does not include: no tick, said plainly (the free offer connects no page). */
import { Badge, Card, List, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatPrice, isFreeTrial, monthlyPrice } from './pricingModel'

const LIMITS = [
  ['number_pages', 'pages'],
  ['number_agent', 'agents'],
  ['number_autoReply', 'replies'],
  ['number_user', 'users'],
]
const FEATURES = ['history', 'performance', 'training']

/** A plan's name in the reader's language (the server names plans in English; an unknown one shows as named). */
export function planLabel(t, name) {
  return name === 'Free Trial' ? t('pricing.freeOffer') : t(`pricing.planNames.${name}`, { defaultValue: name })
}

function Feature({ on, children }) {
  return (
    <List.Item icon={<Text component="span" c={on ? 'green.7' : 'gray.5'} fw={700} aria-hidden>{on ? '✓' : '–'}</Text>}
      c={on ? undefined : 'dimmed'} data-on={on}>
      {children}
    </List.Item>
  )
}

export default function PlanCard({ plan, currency, current = false, action = null }) {
  const { t, i18n } = useTranslation()
  const free = isFreeTrial(plan)
  const company = i18n.language === 'fr' ? plan.company_fr || plan.company : plan.company
  return (
    <Card withBorder radius="md" padding="lg" className="plan-card" data-plan={plan.name} data-current={current}
      style={current ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}>
      <Stack gap="sm" h="100%">
        {current && <Badge variant="light" style={{ alignSelf: 'flex-start' }}>{t('pricing.current')}</Badge>}
        <Title order={2} size="h3">{planLabel(t, plan.name)}</Title>
        {company && <Text size="sm" c="dimmed">{company}</Text>}
        <div>
          {free ? (
            <>
              <Text fz={26} fw={700} className="plan-card__price">{t('pricing.free')}</Text>
              <Text size="sm" c="dimmed">{t('pricing.trial')}</Text>
            </>
          ) : (
            <>
              <Text fz={26} fw={700} className="plan-card__price">{formatPrice(monthlyPrice(plan, currency), currency)}</Text>
              <Text size="sm" c="dimmed">{t('pricing.perMonth')}</Text>
            </>
          )}
        </div>
        <List spacing={6} size="sm" center styles={{ itemLabel: { lineHeight: 1.4 } }}>
          {LIMITS.map(([field, key]) => {
            const count = Number(plan[field] ?? 0)
            return (
              <Feature key={field} on={count > 0}>
                {count > 0 ? t(`pricing.${key}`, { count }) : t(`planLimits.none.${key}`)}
              </Feature>
            )
          })}
          {FEATURES.map((feature) => (
            <Feature key={feature} on={Boolean(plan[feature])}>{t(`pricing.features.${feature}`)}</Feature>
          ))}
          {plan.support && (
            <Feature on>
              {t('pricing.support', { support: t(`pricing.supportKinds.${plan.support}`, { defaultValue: plan.support }) })}
            </Feature>
          )}
        </List>
        {action && <div style={{ marginTop: 'auto' }}>{action}</div>}
      </Stack>
    </Card>
  )
}
