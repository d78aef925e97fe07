/** The plan tab (spec 001 §3 "Current billing plan"): the plan's name (Free Trial shown as Free Offer), its limits
 *  (social pages, team members, active agents, monthly replies), its validity and its expiry date with the days
 *  left, what the user uses of each limit now, and a way to the change tab. A plan that connects no page (the free
 *  offer) says so plainly, with the way to the plans. */
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../notices/NoticeText'
import { daysRemaining } from '../notices/planExpiry'
import { planLabel } from '../pricing/PlanCard'
import { numberFormat } from '../../utils/intlFormats'

const LIMITS = ['socialPages', 'teamMember', 'activeAgent', 'monthlyReplies']

function Figure({ label, value, used, name }) {
  const { t, i18n } = useTranslation()
  const number = (n) => numberFormat(i18n.language).format(n)
  return (
    <Card withBorder radius="md" padding="md" className="current-plan__limit" data-limit={name}>
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fz={22} fw={700} className="current-plan__value">{number(value)}</Text>
      {used !== undefined && <Text size="xs" c="dimmed">{t('billing.plan.used', { count: used, n: number(used) })}</Text>}
    </Card>
  )
}

export default function CurrentPlan({ plan, onChange }) {
  const { t, i18n } = useTranslation()
  const days = daysRemaining(plan)
  const expiry = plan.expyriedate ? new Date(plan.expyriedate) : null
  return (
    <Stack gap="md" className="current-plan">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed">{t('billing.plan.current')}</Text>
          <Title order={2} className="current-plan__name">{planLabel(t, plan.name)}</Title>
        </div>
        <Button onClick={onChange}>{t('billing.plan.change')}</Button>
      </Group>
      {Number(plan.socialPages ?? 0) === 0 && (
        <Alert color="orange" variant="light" className="current-plan__noPages" title={t('planLimits.noPagesTitle')}>
          <Text size="sm" mb="xs">{t('planLimits.noPages')}</Text>
          <Button size="xs" onClick={onChange}>{t('planLimits.toPlans')}</Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {LIMITS.map((name) => (
          <Figure key={name} name={name} label={t(`billing.plan.${name}`)} value={plan[name] ?? 0} used={plan.usage?.[name]} />
        ))}
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Stack gap={4}>
          <Text>
            {t('billing.plan.validity')}{' '}
            <Text span fw={600} className="current-plan__validity">{t('billing.plan.validityValue', { count: Number(plan.delai ?? 0) })}</Text>
          </Text>
          {expiry && (
            <Group gap="xs">
              <Text>
                {t('billing.plan.expires')}{' '}
                <Text span fw={600} className="current-plan__expiry">{formatDate(expiry, i18n.language)}</Text>
              </Text>
              {days !== null && (
                <Badge color={days < 0 ? 'red' : days <= 3 ? 'orange' : 'green'} variant="light">
                  {days < 0 ? t('billing.plan.expired') : t('billing.plan.daysLeft', { count: days })}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  )
}
