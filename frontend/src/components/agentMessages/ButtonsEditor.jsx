/** The call-to-action buttons of a manual answer (Facebook only, spec 001 §3 "Button", §9): at most 3, a title of
 *  at most 20 characters, a web link or a phone number. */
import { ActionIcon, Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export const MAX_BUTTONS = 3
export const TITLE_MAX = 20

export const newButton = () => ({ type: 'web_url', title: '', url: '', payload: '' })

/** The buttons as the API takes them: a link opens tall, a phone number carries its payload. */
export function buttonsPayload(buttons) {
  return buttons.map(({ type, title, url, payload }) => (type === 'phone_number'
    ? { type, title: title.trim(), payload: payload.trim() }
    : { type, title: title.trim(), url: url.trim(), webview_height_ratio: 'tall' }))
}

export default function ButtonsEditor({ buttons, onChange }) {
  const { t } = useTranslation()
  const update = (index, change) => onChange(buttons.map((button, i) => (i === index ? { ...button, ...change } : button)))
  return (
    <Stack gap="xs" className="reply__buttons">
      {buttons.map((button, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="wrap" className="reply__button">
          <SegmentedControl size="xs" value={button.type} onChange={(type) => update(index, { type })}
            data={[{ value: 'web_url', label: t('agentMessages.buttons.link') },
              { value: 'phone_number', label: t('agentMessages.buttons.phone') }]} />
          <TextInput size="xs" label={t('agentMessages.buttons.title')} maxLength={TITLE_MAX} value={button.title}
            onChange={(e) => update(index, { title: e.currentTarget.value })} style={{ flex: '1 1 110px' }} />
          {button.type === 'web_url' ? (
            <TextInput size="xs" type="url" label={t('agentMessages.buttons.url')} value={button.url}
              placeholder="https://" onChange={(e) => update(index, { url: e.currentTarget.value })}
              style={{ flex: '2 1 150px' }} />
          ) : (
            <TextInput size="xs" type="tel" label={t('agentMessages.buttons.number')} value={button.payload}
              placeholder="+216" onChange={(e) => update(index, { payload: e.currentTarget.value })}
              style={{ flex: '2 1 150px' }} />
          )}
          <ActionIcon variant="subtle" color="red" aria-label={t('agentMessages.buttons.remove', { n: index + 1 })}
            onClick={() => onChange(buttons.filter((_, i) => i !== index))}>✕</ActionIcon>
        </Group>
      ))}
      {buttons.length < MAX_BUTTONS && (
        <Button size="compact-xs" variant="subtle" style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange([...buttons, newButton()])}>
          {t('agentMessages.buttons.add')}
        </Button>
      )}
    </Stack>
  )
}
