/** A response's text (at most 640 characters with the characters left), the personalisation tags inserted at the
 *  cursor (first and last name on Facebook only) and its buttons (spec 001 §5); once a save was tried (`tried`), a
 *  text or button Meta would refuse says so under its field. */
import { Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { textProblem } from '../../utils/replyRules'
import ButtonsEditor from './ButtonsEditor'
import { insertTag, remaining, RESPONSE_MAX, tagsFor } from './rules'

export default function AnswerEditor({ label, description, value, onChange, buttons, onButtons, platform, tried = false }) {
  const { t } = useTranslation()
  const area = useRef(null)
  const left = remaining(value)
  const problem = tried ? textProblem(value) : null

  // dir="auto" on the textarea itself (Mantine gives a `dir` prop to its wrapper): an Arabic answer reads right to
  // left as it is typed, a French one left to right.
  useEffect(() => area.current?.setAttribute('dir', 'auto'), [])

  function addTag(tag) {
    const node = area.current
    const { text, cursor } = insertTag(value, node?.selectionStart, node?.selectionEnd, tag)
    onChange(text)
    // Back in the text, just after the tag, once React has written the new value.
    requestAnimationFrame(() => {
      node?.focus()
      node?.setSelectionRange(cursor, cursor)
    })
  }

  return (
    <Stack gap="xs">
      <Textarea ref={area} label={label} description={description} value={value} rows={4} resize="vertical"
        maxLength={RESPONSE_MAX} onChange={(e) => onChange(e.currentTarget.value.slice(0, RESPONSE_MAX))}
        error={problem && t(problem)} />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="wrap" aria-label={t('wizard.config.tags')} role="group">
          {tagsFor(platform).map((tag) => (
            <Button key={tag} size="compact-xs" variant="outline" onMouseDown={(e) => e.preventDefault()}
              onClick={() => addTag(tag)} aria-label={t('wizard.config.insertTag', { tag })}>{tag}</Button>
          ))}
        </Group>
        <Text size="xs" c={left < 20 ? 'red' : 'dimmed'} className="wizard__remaining">
          {t('wizard.config.remaining', { count: left })}
        </Text>
      </Group>
      {onButtons && <ButtonsEditor buttons={buttons} onChange={onButtons} platform={platform} tried={tried} />}
    </Stack>
  )
}
