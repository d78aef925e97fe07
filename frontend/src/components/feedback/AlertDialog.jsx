/** The blocking alert of the feedback store: a Mantine Modal (overlay, focus trap, scroll lock) closed only
 *  by its Okay button. */
import { Button, Group, Modal, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useFeedbackStore } from '../../stores/feedback'

// Mantine's Modal.Content always renders role="dialog"; this one is an alert that needs an answer, so it is
// announced as an alertdialog (WAI-ARIA), which is also what the browser tests look for.
const asAlertDialog = (node) => node?.setAttribute('role', 'alertdialog')

export default function AlertDialog() {
  const { t } = useTranslation()
  const { alert, closeAlert } = useFeedbackStore()
  return (
    <Modal.Root opened={Boolean(alert)} onClose={closeAlert} closeOnClickOutside={false} closeOnEscape={false} centered size={380}>
      <Modal.Overlay />
      <Modal.Content ref={asAlertDialog} radius={10}>
        <Modal.Body pt="lg">
          {alert && (
            <>
              <Text ta="center" mb="md">{t(alert.messageKey)}</Text>
              <Group justify="center">
                <Button onClick={closeAlert} data-autofocus>{t('common.okay')}</Button>
              </Group>
            </>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}
