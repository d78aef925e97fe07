/** Call-to-action buttons of a response (spec 001 §5): Facebook only, at most 3 (the add control is hidden at 3),
 *  web link by default or a phone number, a title of at most 20 characters with its counter. A field Meta would
 *  refuse says so under it (utils/replyRules.js): once the owner leaves it, or, when empty, once a save was tried. */
import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonProblems, MAX_BUTTONS, PHONE, shownProblem, TITLE_MAX, WEB_URL } from '../../utils/replyRules'
import { canAddButton, newButton, withType } from './rules'

export default function ButtonsEditor({ buttons, onChange, platform, tried = false }) {
  const { t } = useTranslation()
  const [typing, setTyping] = useState(null) // `${index}.${field}` of the field being typed in
  if (platform === 'instagram') return <Text size="xs" c="dimmed">{t('wizard.config.noButtonsInstagram')}</Text>
  const change = (index, button) => onChange(buttons.map((old, at) => (at === index ? button : old)))

  /** The focus handlers and the shown problem of one field. */
  const field = (index, name, problems) => {
    const key = shownProblem(problems[name], { typing: typing === `${index}.${name}`, tried })
    return { error: key && t(key), onFocus: () => setTyping(`${index}.${name}`), onBlur: () => setTyping(null) }
  }

  return (
    <Stack gap="xs" className="wizard__buttons">
      <Group justify="space-between">
        <Text size="sm" fw={500}>{t('wizard.config.buttons')}</Text>
        <Text size="xs" c="dimmed" className="wizard__buttonsCount">
          {t('wizard.config.buttonsCount', { count: buttons.length, max: MAX_BUTTONS })}
        </Text>
      </Group>
      {buttons.map((button, index) => {
        const problems = buttonProblems(button)
        return (
          <Paper key={index} withBorder p="xs" radius="sm" className="wizard__button" data-index={index}>
            <Group justify="space-between" mb={6} wrap="nowrap">
              <SegmentedControl size="xs" value={button.type} aria-label={t('wizard.config.buttonType')}
                onChange={(type) => change(index, withType(button, type))}
                data={[{ value: WEB_URL, label: t('wizard.config.webUrl') }, { value: PHONE, label: t('wizard.config.phone') }]} />
              <ActionIcon variant="subtle" color="red" aria-label={t('wizard.config.removeButton', { index: index + 1 })}
                onClick={() => onChange(buttons.filter((_, at) => at !== index))}>×</ActionIcon>
            </Group>
            <Group grow gap="xs" align="flex-start" wrap="wrap" className="wizard__buttonFields">
              <TextInput size="xs" label={t('wizard.config.buttonTitle')} value={button.title} maxLength={TITLE_MAX}
                miw={140} onChange={(e) => change(index, { ...button, title: e.currentTarget.value.slice(0, TITLE_MAX) })}
                description={t('wizard.config.titleLeft', { count: button.title.length })}
                {...field(index, 'title', problems)} />
              {button.type === PHONE ? (
                <TextInput size="xs" label={t('wizard.config.buttonPhone')} value={button.payload} inputMode="tel" miw={140}
                  placeholder="+216 71 000 000" onChange={(e) => change(index, { ...button, payload: e.currentTarget.value })}
                  {...field(index, 'payload', problems)} />
              ) : (
                <TextInput size="xs" label={t('wizard.config.buttonUrl')} value={button.url} type="url" miw={140}
                  placeholder="https://" onChange={(e) => change(index, { ...button, url: e.currentTarget.value })}
                  {...field(index, 'url', problems)} />
              )}
            </Group>
          </Paper>
        )
      })}
      {canAddButton(buttons, platform) && (
        <Button size="xs" variant="light" onClick={() => onChange([...buttons, newButton()])} style={{ alignSelf: 'flex-start' }}>
          + {t('wizard.config.addButton')}
        </Button>
      )}
    </Stack>
  )
}
