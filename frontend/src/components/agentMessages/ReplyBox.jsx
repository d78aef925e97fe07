/** The manual answer to a not-matched comment: the text (640 characters at most) with the emoji picker and the
 *  personalisation tags put where the cursor is, Facebook's buttons, and Send; what Meta would refuse is said under
 *  its field and not sent (utils/replyRules.js). */
import { Alert, Button, Group, Menu, Stack, Text, Textarea } from '@mantine/core'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonsValid, cleanButton, textProblem } from '../../utils/replyRules'
import ButtonsEditor from './ButtonsEditor'
import EmojiButton from './EmojiButton'

export const ANSWER_MAX = 640
// Instagram gives a username only, so its answers can name the page but not the commenter (spec 001 §5).
const TAGS = {
  facebook: ['##FIRST_NAME##', '##LAST_NAME##', '##FULL_NAME##', '##PAGE_NAME##'],
  instagram: ['##PAGE_NAME##'],
}

/** `text` with `piece` put in place of the selection [start, end). */
export const insertAt = (text, piece, start = text.length, end = start) => text.slice(0, start) + piece + text.slice(end)

export default function ReplyBox({ platform, onSend, sending, error }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [buttons, setButtons] = useState([])
  const [invalid, setInvalid] = useState(null)
  const [tried, setTried] = useState(false)
  const area = useRef(null)

  function insert(piece) {
    const node = area.current
    const start = node?.selectionStart ?? text.length
    const end = node?.selectionEnd ?? start
    const next = insertAt(text, piece, start, end).slice(0, ANSWER_MAX)
    setText(next)
    requestAnimationFrame(() => {
      node?.focus()
      node?.setSelectionRange(start + piece.length, start + piece.length)
    })
  }

  async function send(event) {
    event.preventDefault()
    const facebookButtons = platform === 'instagram' ? [] : buttons
    const problem = text.trim() ? textProblem(text) : 'agentMessages.reply.empty'
    setTried(true)
    setInvalid(problem)
    if (problem || !buttonsValid(facebookButtons)) return
    const sent = await onSend(text.trim(), facebookButtons.map(cleanButton))
    if (sent) {
      setText('')
      setButtons([])
      setTried(false)
    }
  }

  return (
    <Stack component="form" gap="xs" onSubmit={send} noValidate className="reply">
      <Textarea ref={area} label={t('agentMessages.reply.label')} value={text} autosize minRows={3} maxRows={8}
        maxLength={ANSWER_MAX} onChange={(e) => setText(e.currentTarget.value)}
        description={t('agentMessages.reply.count', { n: text.length, max: ANSWER_MAX })}
        error={invalid && t(invalid)} />
      <Group gap="xs" wrap="wrap">
        <EmojiButton onEmoji={insert} />
        <Menu position="top-start" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="light">{t('agentMessages.reply.tags')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {TAGS[platform === 'instagram' ? 'instagram' : 'facebook'].map((tag) => (
              <Menu.Item key={tag} onClick={() => insert(tag)}>{t(`agentMessages.reply.tag.${tag.replaceAll('#', '')}`)}</Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button type="submit" ml="auto" loading={sending}>{t('agentMessages.reply.send')}</Button>
      </Group>
      {platform !== 'instagram' && <ButtonsEditor buttons={buttons} onChange={setButtons} tried={tried} />}
      {error && (
        <Alert color="red" variant="light" role="alert" className="reply__error"
          title={t('agentMessages.reply.failed')}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{error}</Text>
        </Alert>
      )}
    </Stack>
  )
}
