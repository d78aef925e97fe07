/** The selected page's day (Home): today's comments, answered, hidden, the others by reason, and its agents by
 *  state, with a warning for agents set live but never trained (they answer nothing). */
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { homeApi } from '../../api/alerts'
import { useLoaded } from '../../hooks/useLoaded'
import Loaded from '../common/Loaded'
import { numberFormat } from '../../utils/intlFormats'

const AGENT_STATES = [['live', 'green'], ['notLive', 'gray'], ['draft', 'yellow']]

function Figure({ label, value }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} className="home__figure">
      {/* Three side by side on a phone too: "Commentaires" fits at 375 px in the smaller size. */}
      <Text fz={{ base: 'xs', sm: 'sm' }} c="dimmed">{label}</Text>
      <Text fz={28} fw={700} lh={1.2}>{value}</Text>
    </Paper>
  )
}

function Reasons({ skipped, number }) {
  const { t } = useTranslation()
  if (skipped.length === 0) return <Text c="dimmed" size="sm">{t('home.allAnswered')}</Text>
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {skipped.map(({ reason, count }) => (
        <Group key={reason} component="li" justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{t(`home.reasons.${reason}`, { defaultValue: reason })}</Text>
          <Badge variant="light" color="gray">{number(count)}</Badge>
        </Group>
      ))}
    </Stack>
  )
}

function Agents({ agents, number }) {
  const { t } = useTranslation()
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {AGENT_STATES.map(([state, color]) => (
          <Badge key={state} size="lg" variant="light" color={color}>{t(`home.${state}`)} · {number(agents[state])}</Badge>
        ))}
      </Group>
      {agents.untrained > 0 && (
        <Alert color="orange" variant="light" p="sm">
          <Text size="sm" mb={4}>{t('home.untrained', { count: agents.untrained })}</Text>
          <Anchor component={Link} to="/home/my-agents" size="sm" fw={600}>{t('home.toAgents')}</Anchor>
        </Alert>
      )}
    </Stack>
  )
}

export default function DaySummary({ page }) {
  const { t, i18n } = useTranslation()
  const load = useCallback(() => homeApi.summary(page.id, page.platform), [page.id, page.platform])
  const { value, state, reload } = useLoaded(load)
  const number = (count) => numberFormat(i18n.language).format(count)
  return (
    <section className="home__day" aria-label={t('home.today', { page: page.name })}>
      <Title order={2} mb="sm" style={{ overflowWrap: 'anywhere' }}>{t('home.today', { page: page.name })}</Title>
      <Loaded state={state} errorKey="home.loadError" onRetry={reload}>
        {value && (
          <Stack gap="lg">
            <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'sm' }}>
              <Figure label={t('home.comments')} value={number(value.comments)} />
              <Figure label={t('home.answered')} value={number(value.answered)} />
              <Figure label={t('home.hidden')} value={number(value.hidden)} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Paper withBorder radius="md" p="md">
                <Title order={3} size="h5" mb="sm">{t('home.notAnswered')}</Title>
                <Reasons skipped={value.skipped} number={number} />
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Title order={3} size="h5" mb="sm">{t('home.agents')}</Title>
                <Agents agents={value.agents} number={number} />
              </Paper>
            </SimpleGrid>
          </Stack>
        )}
      </Loaded>
    </section>
  )
}
