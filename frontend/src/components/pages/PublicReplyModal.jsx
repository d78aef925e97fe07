/** The public reply's modal (spec 000 §4): a text area; saving turns the public reply on with that message and
 *  reloads the pages. */
import { Button, Group, Modal, Text, Textarea } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pagesApi } from '../../api/pages'
import { useFeedbackStore } from '../../stores/feedback'

export const PUBLIC_REPLY_MAX = 8000

export default function PublicReplyModal({ page, opened, onClose, onSaved }) {
  const { t } = useTranslation()
  const [message, setMessage] = useState('')
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (opened) setMessage(page.public_reply?.message ?? '')
  }, [opened, page])

  async function save() {
    setSaving(true)
    try {
      await pagesApi.publicReply(page.idPage, page.platform, true, message.trim())
      useFeedbackStore.getState().toast('pageCards.publicReply.saved', 'success')
      onClose()
      onSaved?.()
    } catch (e) {
      console.warn('public reply not saved', e)
      useFeedbackStore.getState().toast('pageCards.errors.settings', 'error')
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} centered title={t('pageCards.publicReply.title', { name: page.name })}>
      <Text size="sm" c="dimmed" mb="sm">{t('pageCards.publicReply.help')}</Text>
      <Textarea label={t('pageCards.publicReply.label')} autosize minRows={3} maxRows={8} maxLength={PUBLIC_REPLY_MAX}
        value={message} onChange={(event) => setMessage(event.currentTarget.value)} data-autofocus />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
        <Button onClick={save} loading={saving} disabled={!message.trim()}>{t('pageCards.publicReply.save')}</Button>
      </Group>
    </Modal>
  )
}
