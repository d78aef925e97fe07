/** The middle panel: the comment, what the agent answered, the team's manual answers (Sent! or the network's
 *  error) and, for a not-matched comment not yet answered, the reply box. A matched comment is read-only. */
import { Anchor, Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { dateLocale, dateTimeFormat } from '../../utils/intlFormats'
import CommentState from './CommentState'
import ReplyBox from './ReplyBox'
import { answerState, commenterName, intentsOf, manualOf } from './commentModel'
import classes from './agentMessages.module.css'

export function formatTime(value, language) {
  const parsed = Date.parse(value ?? '')
  if (Number.isNaN(parsed)) return ''
  return dateTimeFormat(dateLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(parsed)
}

/** What the agent sent: the answer of the matched intent, else the private reply among the why's actions. */
export function agentReply(log) {
  const fromIntent = intentsOf(log).find((item) => item?.resp)
  if (fromIntent) return { text: fromIntent.resp, buttons: fromIntent.buttons ?? [] }
  const action = (log?.why?.actions ?? []).find((item) => item.kind === 'private_reply' && !item.manual && item.text)
  return action ? { text: action.text, buttons: action.buttons ?? [] } : null
}

function Buttons({ buttons }) {
  if (!buttons?.length) return null
  return (
    <Group gap={4} mt={6}>
      {buttons.map((button, index) => (
        <Badge key={`${button.title}-${index}`} variant="white" color="dark" tt="none">{button.title}</Badge>
      ))}
    </Group>
  )
}

export default function Conversation({ log, platform, onSend, sending, sendError }) {
  const { t, i18n } = useTranslation()
  if (!log) {
    return <Text c="dimmed" ta="center" py="xl" className="conversation__none">{t('agentMessages.chooseComment')}</Text>
  }
  const name = commenterName(log.publisher) || t('agentMessages.someone')
  const state = answerState(log)
  const reply = log.success ? agentReply(log) : null
  // A comment that asks nothing may still be thanked by hand.
  const canAnswer = !log.success && ['untreated', 'failed', 'nothingToAnswer'].includes(state)
  return (
    <Stack gap="sm" className="conversation" data-key={log._id}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={log.publisher?.picture || log.publisher?.profile_picture_url || undefined} name={name}
            color="initials" />
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" lineClamp={1}>{name}</Title>
            <Text size="xs" c="dimmed">{formatTime(log.created_time, i18n.language)}</Text>
          </div>
        </Group>
        <CommentState log={log} />
      </Group>
      <Stack gap="xs" className={classes.thread}>
        <div className={`${classes.bubble} ${classes.fan}`}>
          <Text size="sm" className="conversation__comment">{log.message}</Text>
        </div>
        {reply && (
          <div className={`${classes.bubble} ${classes.page}`}>
            <Text size="sm" className="conversation__agentReply">{reply.text}</Text>
            <Buttons buttons={reply.buttons} />
            <Text size="xs" opacity={0.8} mt={4}>{t('agentMessages.byAgent')}</Text>
          </div>
        )}
        {manualOf(log).map((answer) => {
          const failed = answer.status === 'failed' || (answer.error && !answer.message_id)
          return (
            <div key={answer._id ?? answer.created_time} className={`${classes.bubble} ${failed ? classes.failedReply : classes.page}`}>
              <Text size="sm" className="conversation__manual">{answer.answer}</Text>
              <Buttons buttons={answer.buttons} />
              <Text size="xs" mt={4} fw={600} className="conversation__manualState" data-failed={failed || undefined}>
                {failed ? t('agentMessages.notSent', { error: answer.error ?? '' }) : t('agentMessages.state.sent')}
                {answer.sentBy ? ` · ${answer.sentBy}` : ''}
                {answer.created_time ? ` · ${formatTime(answer.created_time, i18n.language)}` : ''}
              </Text>
            </div>
          )
        })}
      </Stack>
      {log.link && (
        <Anchor href={log.link} target="_blank" rel="noopener noreferrer" size="sm">{t('agentMessages.openComment')}</Anchor>
      )}
      {log.success && <Text size="sm" c="dimmed">{t('agentMessages.readOnly')}</Text>}
      {canAnswer && <ReplyBox key={log._id} platform={platform} onSend={onSend} sending={sending} error={sendError} />}
    </Stack>
  )
}
