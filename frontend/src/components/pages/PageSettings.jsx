/** The owner's settings popover of a page (spec 000 §4 "Page settings"): anti-spam, likes, hide negative
 *  comments and the reply delay (immediatly / Exactly / Randomly, minutes and seconds 0..59), saved as the
 *  preferences payload; the public-reply switch opens its modal. Instagram hides the likes and public-reply
 *  switches. After a successful save the user goes to /pages. */
import { ActionIcon, Button, Group, NumberInput, Popover, SegmentedControl, Stack, Switch, Text, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { pagesApi } from '../../api/pages'
import { useFeedbackStore } from '../../stores/feedback'
import { DELAY_MODES, fromMs, preferencesPayload } from './pageModel'
import PublicReplyModal from './PublicReplyModal'

function initialSettings(page) {
  const statut = DELAY_MODES.includes(page.respReplies?.statut) ? page.respReplies.statut : 'immediatly'
  const [from = 0, to = 0] = page.respReplies?.time ?? []
  return {
    spam: Boolean(page.spam),
    likesComment: Boolean(page.likesComment),
    hideComment: Boolean(page.hideComment),
    delay: { statut, from: fromMs(from), to: fromMs(to) },
  }
}

function GearIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </svg>
  )
}

function TimeInputs({ label, value, onChange, disabled }) {
  const { t } = useTranslation()
  const part = (key) => (v) => onChange({ ...value, [key]: typeof v === 'number' ? v : 0 })
  return (
    <Group gap="xs" wrap="nowrap" align="end">
      <Text size="sm" w={48} pb={6}>{label}</Text>
      <NumberInput size="xs" w={78} min={0} max={59} clampBehavior="strict" allowDecimal={false} allowNegative={false}
        label={t('pageCards.settings.minutes')} value={value.minutes} onChange={part('minutes')} disabled={disabled} />
      <NumberInput size="xs" w={78} min={0} max={59} clampBehavior="strict" allowDecimal={false} allowNegative={false}
        label={t('pageCards.settings.seconds')} value={value.seconds} onChange={part('seconds')} disabled={disabled} />
    </Group>
  )
}

export default function PageSettings({ page, onChanged }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  const [settings, setSettings] = useState(() => initialSettings(page))
  const [saving, setSaving] = useState(false)
  const [replyModal, setReplyModal] = useState(false)
  const instagram = page.platform === 'instagram'
  const { statut, from, to } = settings.delay
  const immediate = statut === 'immediatly'
  const rangeWrong = statut === 'Randomly' && from.minutes * 60 + from.seconds > to.minutes * 60 + to.seconds
  const publicReplyOn = Boolean(page.public_reply?.statut)

  const open = () => {
    setSettings(initialSettings(page))
    setOpened(true)
  }
  const flag = (key) => (event) => setSettings({ ...settings, [key]: event.currentTarget.checked })
  const setDelay = (changes) => setSettings({ ...settings, delay: { ...settings.delay, ...changes } })

  async function save() {
    setSaving(true)
    try {
      await pagesApi.preferences(page.idPage, page.platform, preferencesPayload(page, settings))
      setOpened(false)
      useFeedbackStore.getState().toast('pageCards.settings.saved', 'success')
      onChanged?.()
      navigate('/pages')
    } catch (e) {
      console.warn('preferences not saved', e)
      useFeedbackStore.getState().toast('pageCards.errors.settings', 'error')
    } finally {
      setSaving(false)
    }
  }

  async function togglePublicReply(on) {
    setOpened(false)
    if (on) {
      setReplyModal(true)
      return
    }
    try {
      await pagesApi.publicReply(page.idPage, page.platform, false, '')
      onChanged?.()
    } catch (e) {
      console.warn('public reply not turned off', e)
      useFeedbackStore.getState().toast('pageCards.errors.settings', 'error')
    }
  }

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" width={340} trapFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('pageCards.settings.open', { name: page.name })}
            onClick={(event) => {
              event.stopPropagation()
              if (opened) setOpened(false)
              else open()
            }}>
            <GearIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown onClick={(event) => event.stopPropagation()}>
          <Stack gap="sm" className="page-settings">
            <Text fw={600}>{t('pageCards.settings.title')}</Text>
            <Switch label={t('pageCards.settings.spam')} checked={settings.spam} onChange={flag('spam')} />
            {!instagram && (
              <Switch label={t('pageCards.settings.likes')} checked={settings.likesComment} onChange={flag('likesComment')} />
            )}
            <Switch label={t('pageCards.settings.hide')} checked={settings.hideComment} onChange={flag('hideComment')} />
            {!instagram && (
              <Group gap="xs" wrap="nowrap">
                <Switch aria-label={t('pageCards.settings.publicReply')} checked={publicReplyOn}
                  onChange={(event) => togglePublicReply(event.currentTarget.checked)} />
                <UnstyledButton fz="sm" onClick={() => { setOpened(false); setReplyModal(true) }}
                  title={t('pageCards.publicReply.edit')}>
                  {t('pageCards.settings.publicReply')}
                </UnstyledButton>
              </Group>
            )}
            <Switch label={t('pageCards.settings.delay')} checked={!immediate}
              onChange={(event) => setDelay({ statut: event.currentTarget.checked ? 'Exactly' : 'immediatly' })} />
            <SegmentedControl size="xs" fullWidth value={statut} onChange={(value) => setDelay({ statut: value })}
              aria-label={t('pageCards.settings.delayMode')}
              data={DELAY_MODES.map((mode) => ({ value: mode, label: t(`pageCards.settings.modes.${mode}`) }))} />
            <TimeInputs label={statut === 'Randomly' ? t('pageCards.settings.from') : t('pageCards.settings.after')}
              value={from} onChange={(value) => setDelay({ from: value })} disabled={immediate} />
            {statut === 'Randomly' && (
              <TimeInputs label={t('pageCards.settings.to')} value={to} onChange={(value) => setDelay({ to: value })} />
            )}
            {rangeWrong && <Text c="red" size="sm">{t('pageCards.settings.rangeWrong')}</Text>}
            <Button onClick={save} loading={saving} disabled={rangeWrong}>{t('common.save')}</Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {/* React bubbles a click in the modal's portal up to the card: it must not select the page. */}
      <div onClick={(event) => event.stopPropagation()}>
        <PublicReplyModal page={page} opened={replyModal} onClose={() => setReplyModal(false)} onSaved={onChanged} />
      </div>
    </>
  )
}
