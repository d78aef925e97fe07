/** The chat simulator of step 3 (spec 001 §2 step 3, §7 POST /logEvent/test/wizard, §8): a test comment and the
 *  agent's replies as the fan would get them, buttons included; no match or an empty text reads "I didn't
 *  understand. Sorry !" in the reader's language. Each reply opens the same why as a live comment's (issue 42 §4):
 *  what the agent read, the answer chosen or why none. */
import { Box, Button, Collapse, Group, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { wizardApi } from '../../api/wizard'
import WhyPanel from '../agentMessages/WhyPanel'
import AnswerLanguage from '../common/AnswerLanguage'
import RetryAlert from './RetryAlert'
import { simulatorReplies } from './rules'

/** The reply's why, folded under a button that says what it explains. */
function Why({ why, notUnderstood }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  if (!why) return null
  return (
    <>
      <Button variant="subtle" size="compact-xs" px={4} mt={2} onClick={() => setOpen(!open)} aria-expanded={open}
        className="wizard__why">
        {t(open ? 'wizard.test.hideWhy' : notUnderstood ? 'wizard.test.whyNone' : 'wizard.test.why')}
      </Button>
      <Collapse expanded={open}>
        <Paper withBorder radius="md" p="sm" mt={4} bg="white" className="wizard__whyPanel">
          <WhyPanel log={{ why }} simulated />
        </Paper>
      </Collapse>
    </>
  )
}

function Bubble({ mine, text, buttons = [], who, commentLanguage, answerLanguage, notUnderstood, why }) {
  const { t } = useTranslation()
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} className={mine ? 'wizard__said' : 'wizard__reply'}>
      <Box maw={mine ? '85%' : '92%'}>
        <Text size="xs" c="dimmed" ta={mine ? 'right' : 'left'}>{who}</Text>
        <Paper radius="lg" px="sm" py={6} bg={mine ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-1)'}
          c={mine ? 'white' : undefined}>
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {notUnderstood ? t('wizard.test.notUnderstood') : text}
          </Text>
        </Paper>
        {!mine && <AnswerLanguage commentLanguage={commentLanguage} answerLanguage={answerLanguage} mt={2} />}
        {buttons.length > 0 && (
          <Stack gap={4} mt={4} className="wizard__replyButtons">
            {buttons.map((button, index) => (
              <Paper key={index} withBorder radius="md" px="sm" py={4} ta="center" title={button.url ?? button.payload}>
                <Text size="sm" c="blue" fw={500}>{button.title}</Text>
              </Paper>
            ))}
          </Stack>
        )}
        {!mine && <Why why={why} notUnderstood={notUnderstood} />}
      </Box>
    </Group>
  )
}

export default function ChatSimulator({ idPost, messages, onMessages }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [failed, setFailed] = useState(null)
  const viewport = useRef(null)

  useEffect(() => {
    // The newest reply in sight.
    if (viewport.current) viewport.current.scrollTop = viewport.current.scrollHeight
  }, [messages.length])

  async function send(message) {
    setFailed(null)
    setSending(true)
    try {
      const replies = simulatorReplies(await wizardApi.test(message, idPost))
      onMessages([{ mine: true, text: message }, ...replies])
      setText('')
    } catch (error) {
      console.warn('test message failed', error)
      setFailed(message)
    } finally {
      setSending(false)
    }
  }

  function submit(event) {
    event.preventDefault()
    if (text.trim()) send(text.trim())
  }

  return (
    <Paper withBorder radius="md" p="md" className="wizard__simulator">
      <Text fw={600}>{t('wizard.test.title')}</Text>
      <Text size="xs" c="dimmed" mb="sm">{t('wizard.test.help')}</Text>
      <RetryAlert messageKey={failed ? 'wizard.errors.testMessage' : null} onRetry={() => send(failed)}
        onClose={() => setFailed(null)} />
      <ScrollArea h={300} viewportRef={viewport} type="auto" mb="sm" className="wizard__chat"
        style={{ background: 'var(--mantine-color-gray-0)', borderRadius: 8 }}>
        <Stack gap="sm" p="sm" aria-live="polite">
          {messages.length === 0 && <Text size="sm" c="dimmed">{t('wizard.test.empty')}</Text>}
          {messages.map((message, index) => (
            <Bubble key={index} {...message} who={message.mine ? t('wizard.test.you') : t('wizard.test.agent')} />
          ))}
        </Stack>
      </ScrollArea>
      <Group component="form" onSubmit={submit} gap="xs" wrap="nowrap">
        <TextInput value={text} onChange={(e) => setText(e.currentTarget.value)} placeholder={t('wizard.test.placeholder')}
          aria-label={t('wizard.test.placeholder')} style={{ flex: 1 }} maxLength={8000} />
        <Button type="submit" loading={sending}>{t('wizard.test.send')}</Button>
      </Group>
    </Paper>
  )
}
