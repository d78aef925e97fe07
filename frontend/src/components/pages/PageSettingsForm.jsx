/** The fields of a page's settings form (spec 000 §4 "Page settings"): anti-spam, likes, hide negative comments
 *  (and, with it, keep complaints visible, hiding abuse only),
 *  the public reply with its message (Facebook only, like the likes), and the reply delay (immediatly / Exactly /
 *  Randomly, minutes and seconds 0..59). Each value wrong shows its message under its field; nothing is changed
 *  behind the owner's back (a typed 70 stays 70, refused). */
import { Group, NumberInput, SegmentedControl, Stack, Switch, Text, Textarea } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { DELAY_MODES } from './pageModel'

export const PUBLIC_REPLY_MAX = 8000

function TimeInputs({ name, label, value, onChange, disabled, errors }) {
  const { t } = useTranslation()
  const part = (key) => ({
    size: 'xs', w: 96, min: 0, allowDecimal: false, allowNegative: false, clampBehavior: 'none', disabled,
    label: t(`pageCards.settings.${key}`), value: value[key], error: errors[`${name}.${key}`] && t(errors[`${name}.${key}`]),
    // What is typed is kept as typed ('' while empty), so the check can name it rather than change it.
    onChange: (typed) => onChange({ ...value, [key]: typed }),
  })
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" w={48} pt={26}>{label}</Text>
      <NumberInput {...part('minutes')} />
      <NumberInput {...part('seconds')} />
    </Group>
  )
}

export default function PageSettingsForm({ settings, onChange, instagram, errors }) {
  const { t } = useTranslation()
  const { statut, from, to } = settings.delay
  const immediate = statut === 'immediatly'
  const flag = (key) => ({ checked: settings[key], onChange: (event) => onChange({ ...settings, [key]: event.currentTarget.checked }) })
  const setDelay = (changes) => onChange({ ...settings, delay: { ...settings.delay, ...changes } })
  const setReply = (changes) => onChange({ ...settings, publicReply: { ...settings.publicReply, ...changes } })
  return (
    <Stack gap="sm" className="page-settings">
      <Switch label={t('pageCards.settings.spam')} {...flag('spam')} />
      {!instagram && <Switch label={t('pageCards.settings.likes')} {...flag('likesComment')} />}
      <Switch label={t('pageCards.settings.hide')} {...flag('hideComment')} />
      {settings.hideComment && (
        <Switch ml="lg" label={t('pageCards.settings.keepComplaints')}
          description={t('pageCards.settings.keepComplaintsHelp')} {...flag('keepComplaints')} />
      )}
      {!instagram && (
        <>
          <Switch label={t('pageCards.settings.publicReply')} checked={settings.publicReply.statut}
            onChange={(event) => setReply({ statut: event.currentTarget.checked })} />
          {settings.publicReply.statut && (
            <Textarea label={t('pageCards.publicReply.label')} description={t('pageCards.publicReply.help')} autosize
              minRows={2} maxRows={6} maxLength={PUBLIC_REPLY_MAX} value={settings.publicReply.message}
              error={errors.publicReply && t(errors.publicReply)}
              onChange={(event) => setReply({ message: event.currentTarget.value })} />
          )}
        </>
      )}
      <Switch label={t('pageCards.settings.delay')} checked={!immediate}
        onChange={(event) => setDelay({ statut: event.currentTarget.checked ? 'Exactly' : 'immediatly' })} />
      <SegmentedControl size="xs" fullWidth value={statut} onChange={(value) => setDelay({ statut: value })}
        aria-label={t('pageCards.settings.delayMode')}
        data={DELAY_MODES.map((mode) => ({ value: mode, label: t(`pageCards.settings.modes.${mode}`) }))} />
      <TimeInputs name="from" label={statut === 'Randomly' ? t('pageCards.settings.from') : t('pageCards.settings.after')}
        value={from} onChange={(value) => setDelay({ from: value })} disabled={immediate} errors={errors} />
      {statut === 'Randomly' && (
        <TimeInputs name="to" label={t('pageCards.settings.to')} value={to} onChange={(value) => setDelay({ to: value })}
          errors={errors} />
      )}
      {errors.range && <Text c="red" size="sm" role="alert">{t(errors.range)}</Text>}
    </Stack>
  )
}
