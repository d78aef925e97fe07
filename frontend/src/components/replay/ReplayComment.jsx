/** One past comment as the replay decided it: the comment, what the agent would do (the private reply with its
 *  buttons, a hide, or why it stays unanswered) and, against the previous replay, what it did before. Text only:
 *  user text is never rendered as HTML. */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { intentLabel } from '../../i18n/intentLabel'

function Reply({ reply, label }) {
  return (
    <Stack gap={4} className="replay__reply">
      <Text size="xs" c="dimmed">{label}</Text>
      <Paper radius="lg" px="sm" py={6} bg="var(--mantine-color-gray-1)">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{reply.text}</Text>
      </Paper>
      {(reply.buttons ?? []).length > 0 && (
        <Group gap={6} className="replay__buttons">
          {reply.buttons.map((button, index) => (
            <Button key={index} size="compact-sm" variant="default" tabIndex={-1}
              title={button.url ?? button.payload} style={{ pointerEvents: 'none', maxWidth: '100%' }}>
              {button.title}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  )
}

export default function ReplayComment({ item }) {
  const { t } = useTranslation()
  const before = item.previous
  return (
    <Paper withBorder radius="md" p="sm" className="replay__comment" data-comment={item.commentId}>
      <Stack gap={6}>
        <Group justify="space-between" gap={6} wrap="wrap">
          <Text size="xs" fw={600} c="dimmed">{item.author || t('replay.comment.someone')}</Text>
          <Group gap={4}>
            {item.intent && <Badge size="xs" variant="light">{intentLabel(item.intent)}</Badge>}
            {item.product && <Badge size="xs" variant="outline">{item.product}</Badge>}
            {item.hidden && <Badge size="xs" color="orange">{t('replay.comment.hidden')}</Badge>}
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} className="replay__message">
          {item.message}
        </Text>
        {item.reply && <Reply reply={item.reply} label={t('replay.comment.wouldSend')} />}
        {!item.answered && item.reason && (
          <Text size="xs" c="dimmed" className="replay__reason">
            {t(`replay.reasons.${item.reason}`, { intent: intentLabel(item.missingIntent ?? item.bestIntent?.intent) })}
          </Text>
        )}
        {before && item.change !== 'new' && <Reply reply={before} label={t('replay.comment.before')} />}
      </Stack>
    </Paper>
  )
}
