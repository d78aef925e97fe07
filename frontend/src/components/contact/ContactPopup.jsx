/** The contact form's answer popup (spec 000 §5, §8): a localized message and one button — Retry after an invalid
 *  field, Thanks after a success, Okay after a failure. A Mantine Modal announced as an alertdialog, above the
 *  contact modal when the form is in one. */
import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core'
import { useTranslation } from 'react-i18next'

const asAlertDialog = (node) => node?.setAttribute('role', 'alertdialog')
const COLORS = { error: 'red', success: 'green' }

export default function ContactPopup({ popup, onClose }) {
  const { t } = useTranslation()
  return (
    <Modal.Root opened={Boolean(popup)} onClose={onClose} centered size={380} zIndex={400} returnFocus={false}>
      <Modal.Overlay />
      <Modal.Content ref={asAlertDialog} radius={10} aria-label={popup ? t(popup.messageKey) : undefined}>
        <Modal.Body pt="lg">
          {popup && (
            <>
              <Group justify="center" mb="sm">
                <ThemeIcon color={COLORS[popup.kind]} radius="xl" size="lg" aria-hidden>
                  {popup.kind === 'success' ? '✓' : '!'}
                </ThemeIcon>
              </Group>
              <Text ta="center" mb="md">{t(popup.messageKey)}</Text>
              <Group justify="center">
                <Button color={COLORS[popup.kind]} onClick={onClose} data-autofocus>{t(popup.buttonKey)}</Button>
              </Group>
            </>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}
