/** The call-to-action buttons of a manual answer (Facebook only, spec 001 §3 "Button", §9): at most 3, a title of
 *  at most 20 characters, a web link or a phone number; a field Meta would refuse says so under it, as in the wizard
 *  (utils/replyRules.js). */
import { ActionIcon, Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonProblems, MAX_BUTTONS, shownProblem, TITLE_MAX } from '../../utils/replyRules'

export const newButton = () => ({ type: 'web_url', title: '', url: '', payload: '' })

export default function ButtonsEditor({ buttons, onChange, tried = false }) {
  const { t } = useTranslation()
  const [typing, setTyping] = useState(null) // `${index}.${field}` of the field being typed in
  const update = (index, change) => onChange(buttons.map((button, i) => (i === index ? { ...button, ...change } : button)))
  const field = (index, name, problems) => {
    const key = shownProblem(problems[name], { typing: typing === `${index}.${name}`, tried })
    return { error: key && t(key), onFocus: () => setTyping(`${index}.${name}`), onBlur: () => setTyping(null) }
  }
  return (
    <Stack gap="xs" className="reply__buttons">
      {buttons.map((button, index) => {
        const problems = buttonProblems(button)
        return (
          <Group key={index} gap="xs" align="flex-start" wrap="wrap" className="reply__button">
            <SegmentedControl size="xs" value={button.type} onChange={(type) => update(index, { type })} mt={22}
              data={[{ value: 'web_url', label: t('agentMessages.buttons.link') },
                { value: 'phone_number', label: t('agentMessages.buttons.phone') }]} />
            <TextInput size="xs" label={t('agentMessages.buttons.title')} maxLength={TITLE_MAX} value={button.title}
              onChange={(e) => update(index, { title: e.currentTarget.value })} style={{ flex: '1 1 110px' }}
              {...field(index, 'title', problems)} />
            {button.type === 'web_url' ? (
              <TextInput size="xs" type="url" label={t('agentMessages.buttons.url')} value={button.url}
                placeholder="https://" onChange={(e) => update(index, { url: e.currentTarget.value })}
                style={{ flex: '2 1 150px' }} {...field(index, 'url', problems)} />
            ) : (
              <TextInput size="xs" type="tel" label={t('agentMessages.buttons.number')} value={button.payload}
                placeholder="+216 71 000 000" onChange={(e) => update(index, { payload: e.currentTarget.value })}
                style={{ flex: '2 1 150px' }} {...field(index, 'payload', problems)} />
            )}
            <ActionIcon variant="subtle" color="red" aria-label={t('agentMessages.buttons.remove', { n: index + 1 })}
              mt={24} onClick={() => onChange(buttons.filter((_, i) => i !== index))}>✕</ActionIcon>
          </Group>
        )
      })}
      {buttons.length < MAX_BUTTONS && (
        <Button size="compact-xs" variant="subtle" style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange([...buttons, newButton()])}>
          {t('agentMessages.buttons.add')}
        </Button>
      )}
    </Stack>
  )
}
