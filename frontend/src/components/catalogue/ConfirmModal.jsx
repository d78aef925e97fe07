/** The catalogue's confirmation (spec 001 §2 "Update category": each inline change asks first): a Mantine Modal
 *  whose Cancel (or closing) calls onCancel, so the screen can revert what was typed. */
import { Button, Group, Modal, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export default function ConfirmModal({ request, onConfirm, onCancel, busy = false }) {
  const { t } = useTranslation()
  return (
    <Modal opened={Boolean(request)} onClose={onCancel} title={request ? t(request.titleKey) : ''} centered>
      <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>{request && t(request.textKey, request.values)}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>{t('catalogue.common.cancel')}</Button>
        <Button color={request?.danger ? 'red' : undefined} loading={busy} onClick={onConfirm} data-autofocus>
          {t('catalogue.common.confirm')}
        </Button>
      </Group>
    </Modal>
  )
}
