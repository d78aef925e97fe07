/** The one confirmation dialog (spec 001 §2 "Update category": each inline change asks first; removing a member,
 *  an agent or an intent asks too): a Mantine Modal whose Cancel (or closing) calls onCancel, so the screen can
 *  revert what was typed, and whose confirm button calls onConfirm. It is open while `request` is set:
 *  { titleKey | title, textKey | text, values, confirmKey, cancelKey, danger } — keys are translated here, a title or
 *  text is shown as given (an intent's own name); the buttons say Confirm and Cancel unless named otherwise. */
import { Button, Group, Modal, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

export default function ConfirmModal({ request, onConfirm, onCancel, busy = false }) {
  const { t } = useTranslation()
  // The modal fades out after its request is gone: until then it keeps saying the last one.
  const [shown, setShown] = useState(request)
  if (request && request !== shown) setShown(request)
  const said = (text, key) => text ?? (key ? t(key, shown.values) : '')
  return (
    <Modal opened={Boolean(request)} onClose={onCancel} title={shown ? said(shown.title, shown.titleKey) : ''} centered>
      <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>{shown && said(shown.text, shown.textKey)}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>{t(shown?.cancelKey ?? 'common.cancel')}</Button>
        <Button color={shown?.danger ? 'red' : undefined} loading={busy} onClick={onConfirm} data-autofocus>
          {t(shown?.confirmKey ?? 'common.confirm')}
        </Button>
      </Group>
    </Modal>
  )
}
