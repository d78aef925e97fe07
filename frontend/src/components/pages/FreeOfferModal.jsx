/** The free offer's refusal of a connection (spec 000 §4, §8: 'You cannot connect this page when on free offer'),
 *  with the way forward in one click: the plans, whose payment brings the owner back to connect this page. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { keepPendingConnection } from './pendingConnection'

// Mantine's Modal.Content renders role="dialog"; a refusal that needs an answer is announced as an alertdialog.
const asAlertDialog = (node) => node?.setAttribute('role', 'alertdialog')

export default function FreeOfferModal({ page, onClose }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toPlans = () => {
    keepPendingConnection(page)
    navigate('/home/billing?tab=change')
  }
  return (
    <Modal.Root opened={Boolean(page)} onClose={onClose} centered size={420}>
      <Modal.Overlay />
      <Modal.Content ref={asAlertDialog} radius={10} aria-labelledby="free-offer-title" className="free-offer">
        <Modal.Body pt="lg">
          <Stack gap="sm">
            <Text id="free-offer-title" fw={700}>{t('pageCards.errors.freeOffer')}</Text>
            <Text size="sm">{t('freeOffer.why')}</Text>
            <Text size="sm" c="dimmed">{t('freeOffer.then', { name: page?.name ?? '' })}</Text>
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onClose}>{t('freeOffer.notNow')}</Button>
              <Button onClick={toPlans} data-autofocus>{t('freeOffer.seePlans')}</Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}
