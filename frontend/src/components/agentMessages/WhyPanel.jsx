/** Why the agent did what it did with one comment (the log's `why`): the language read, the intents with their
 *  scores against the threshold, the products and the words that named them, why nothing was answered, and every
 *  action on the network with its times and error. */
import { Badge, Divider, Group, List, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { intentLabel } from '../../i18n/intentLabel'
import AnswerLanguage from '../common/AnswerLanguage'
import WhySuggestions from '../proposals/WhySuggestions'
import { formatTime } from './Conversation'

// A hidden negative comment says whether it was abuse or a complaint when the log knows (issue 41).
const reasonKey = (why) => (why.reason === 'negative_hidden' && why.negativeKind ? `negative_hidden_${why.negativeKind}` : why.reason)
const percent = (score) => `${Math.round(Number(score ?? 0) * 100)}%`
const ACTION_COLORS = { done: 'green', failed: 'red', planned: 'blue', sending: 'blue', held: 'orange', cancelled: 'gray' }

function Section({ title, children }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">{title}</Text>
      {children}
    </Stack>
  )
}

/** `simulated`: the chat simulator's test comment, decided as a live one but never sent: no actions, no proposals. */
export default function WhyPanel({ log, simulated = false }) {
  const { t, i18n } = useTranslation()
  if (!log) return null
  const why = log.why ?? {}
  const intents = why.intents ?? []
  const products = why.products ?? []
  const actions = why.actions ?? []
  const time = (value) => formatTime(value, i18n.language)
  return (
    <Stack gap="sm" className="why">
      <Title order={2} size="h5">{t('agentMessages.why.title')}</Title>
      <Section title={t('agentMessages.why.language')}>
        <Text size="sm" className="why__language">
          {why.language ? t(`agentMessages.languages.${why.language}`, { defaultValue: why.language }) : t('agentMessages.why.unknown')}
        </Text>
      </Section>
      <Section title={t('agentMessages.why.intents')}>
        {intents.length === 0 && <Text size="sm" c="dimmed">{t('agentMessages.why.noIntent')}</Text>}
        {intents.map((item) => (
          <Group key={item.intent} gap={6} justify="space-between" wrap="wrap" className="why__intent">
            <Text size="sm" fw={item.intent === why.intent ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
              {intentLabel(item.intent)}
            </Text>
            <Group gap={4} wrap="nowrap" ml="auto">
              {!item.inAgent && <Badge size="xs" color="gray" variant="outline">{t('agentMessages.why.notInAgent')}</Badge>}
              <Badge size="sm" variant="light" color={item.aboveThreshold && item.inAgent ? 'green' : 'gray'}>{percent(item.score)}</Badge>
            </Group>
          </Group>
        ))}
        {why.threshold !== null && why.threshold !== undefined && (
          <Text size="xs" c="dimmed">{t('agentMessages.why.threshold', { score: percent(why.threshold) })}</Text>
        )}
      </Section>
      <Section title={t('agentMessages.why.products')}>
        {products.length === 0 && <Text size="sm" c="dimmed">{t('agentMessages.why.noProduct')}</Text>}
        {products.map((item) => (
          <Stack key={`${item.category}/${item.product}`} gap={0} className="why__product">
            <Group gap={6} justify="space-between" wrap="nowrap">
              <Text size="sm" fw={item.product === why.product ? 700 : 400} truncate="end">{item.product}</Text>
              <Badge size="sm" variant="light">{percent(item.score)}</Badge>
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[item.category, item.words && t('agentMessages.why.words', { words: item.words }),
                item.synonym && item.matchedBy && t('agentMessages.why.synonym', { synonym: item.matchedBy })]
                .filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        ))}
      </Section>
      <Divider />
      <Section title={t('agentMessages.why.outcome')}>
        {why.answered && !why.intent && (
          <Text size="sm" className="why__answered">{t('agentMessages.why.answeredByHand')}</Text>
        )}
        {why.answered && why.intent && (
          <Text size="sm" className="why__answered">
            {t('agentMessages.why.answered', { intent: intentLabel(why.intent) })}
            {why.product ? ` ${t('agentMessages.why.forProduct', { product: why.product })}` : ''}
          </Text>
        )}
        {why.answered && why.intent && <AnswerLanguage commentLanguage={why.language} answerLanguage={why.answerLanguage} />}
        {!why.answered && (
          <Text size="sm" c="orange.8" className="why__reason">
            {why.reason ? t(`agentMessages.reasons.${reasonKey(why)}`, {
              defaultValue: why.reasonText ?? why.reason,
              intent: intentLabel(intents.find((item) => item.aboveThreshold && !item.inAgent)?.intent),
              threshold: Math.round(Number(why.threshold ?? 0) * 100),
            })
              : t('agentMessages.why.notAnswered')}
          </Text>
        )}
        {why.negative && (
          <Badge size="sm" color="red" variant="light">
            {t(why.negativeKind ? `agentMessages.why.negativeKinds.${why.negativeKind}` : 'agentMessages.why.negative')}
          </Badge>
        )}
        {why.link && <Badge size="sm" color="orange" variant="light">{t('agentMessages.why.link')}</Badge>}
      </Section>
      {!simulated && <WhySuggestions proposals={why.proposals} agentId={log.project} />}
      {!simulated && <Section title={t('agentMessages.why.actions')}>
        {actions.length === 0 && <Text size="sm" c="dimmed">{t('agentMessages.why.noAction')}</Text>}
        <List spacing={6} listStyleType="none" className="why__actions">
          {actions.map((action, index) => (
            <List.Item key={`${action.kind}-${index}`} className="why__action" data-state={action.state}>
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {t(`agentMessages.actions.${action.kind}`, { defaultValue: action.kind })}
                  {action.manual ? ` (${t('agentMessages.why.manual')})` : ''}
                </Text>
                <Badge size="xs" color={ACTION_COLORS[action.state] ?? 'gray'}>
                  {t(`agentMessages.actionStates.${action.state}`, { defaultValue: action.state })}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {action.sentAt ? t('agentMessages.why.sentAt', { time: time(action.sentAt) })
                  : action.dueAt ? t('agentMessages.why.dueAt', { time: time(action.dueAt) }) : ''}
                {action.attempts > 1 ? ` · ${t('agentMessages.why.attempts', { n: action.attempts })}` : ''}
              </Text>
              {action.note && <Text size="xs" c="dimmed" className="why__note">{t(`agentMessages.why.earlier.${action.kind}`, { defaultValue: action.note })}</Text>}
              {action.cancelled && <Text size="xs" c="dimmed" className="why__cancelled">{t(`agentMessages.why.cancelled.${action.cancelled}`, { defaultValue: action.cancelled })}</Text>}
              {action.error && <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }} className="why__error">{action.error}</Text>}
            </List.Item>
          ))}
        </List>
      </Section>}
    </Stack>
  )
}
