/** The owner's settings of a page (spec 000 §4 "Page settings"), opened from the gear of its card: one form
 *  (PageSettingsForm), checked with messages, saved once by Save, which sends the preferences and then, when it
 *  changed, the public reply (the two calls of spec 000 §7), and keeps the owner where they are. Nothing is saved
 *  by toggling a switch, so a switch just toggled is never lost to a reload. */
import { ActionIcon, Alert, Button, Group, Modal } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pagesApi } from '../../api/pages'
import { useFeedbackStore } from '../../stores/feedback'
import { preferencesPayload } from './pageModel'
import PageSettingsForm from './PageSettingsForm'
import { publicReplyChanged, settingsErrors, settingsOf } from './settingsForm'

function GearIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </svg>
  )
}

export default function PageSettings({ page, onChanged }) {
  const { t } = useTranslation()
  const [opened, setOpened] = useState(false)
  const [settings, setSettings] = useState(() => settingsOf(page))
  const [checked, setChecked] = useState(false) // messages show once Save was tried
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState(null)
  // What Save stored, and the page's settings it was saved over: until the card's page is reloaded with new
  // values, the form opened again shows this rather than the settings from before the save (which a second Save
  // would put back). The page is compared by its values, not as an object: the screens copy their pages on every
  // render, so a render while the reload runs hands this card a new object holding the old settings.
  const [stored, setStored] = useState(null)
  const instagram = page.platform === 'instagram'
  const errors = settingsErrors(settings, instagram)
  const wrong = Object.keys(errors).length > 0
  const onServer = () => {
    const current = settingsOf(page)
    return stored?.over === JSON.stringify(current) ? stored.settings : current
  }

  function open() {
    setSettings(onServer())
    setChecked(false)
    setFailure(null)
    setOpened(true)
  }

  async function save() {
    setChecked(true)
    if (wrong) return
    setSaving(true)
    setFailure(null)
    try {
      await pagesApi.preferences(page.idPage, page.platform, preferencesPayload(page, settings))
    } catch (e) {
      console.warn('preferences not saved', e)
      setSaving(false)
      return setFailure(e?.status === 422 && e.message ? e.message : t('pageCards.errors.settings'))
    }
    const { statut, message } = settings.publicReply
    const publicReply = { statut, message: statut ? message.trim() : '' }
    const before = onServer()
    let saved = { ...settings, publicReply: before.publicReply }
    try {
      if (!instagram && publicReplyChanged(before, settings)) {
        await pagesApi.publicReply(page.idPage, page.platform, publicReply.statut, publicReply.message)
        saved = { ...settings, publicReply }
      }
      setOpened(false)
      useFeedbackStore.getState().toast('pageCards.settings.saved', 'success')
    } catch (e) {
      console.warn('public reply not saved', e)
      setFailure(t('pageSettings.partly'))
    } finally {
      setSaving(false)
      setStored({ over: JSON.stringify(settingsOf(page)), settings: saved })
      onChanged?.() // the card shows what the server now has; the form keeps what the owner typed
    }
  }

  return (
    <>
      <ActionIcon variant="subtle" color="gray" aria-label={t('pageCards.settings.open', { name: page.name })}
        onClick={(event) => { event.stopPropagation(); open() }}>
        <GearIcon />
      </ActionIcon>
      {/* React bubbles a click in the modal's portal up to the card: it must not select the page. */}
      <div onClick={(event) => event.stopPropagation()}>
        <Modal opened={opened} onClose={() => setOpened(false)} centered size="md"
          title={t('pageCards.settings.open', { name: page.name })}>
          <PageSettingsForm settings={settings} onChange={setSettings} instagram={instagram} errors={checked ? errors : {}} />
          {checked && wrong && <Alert color="red" variant="light" mt="md" role="alert">{t('pageSettings.fix')}</Alert>}
          {failure && <Alert color="red" variant="light" mt="md" role="alert">{failure}</Alert>}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setOpened(false)}>{t('common.cancel')}</Button>
            <Button onClick={save} loading={saving}>{t('common.save')}</Button>
          </Group>
        </Modal>
      </div>
    </>
  )
}
