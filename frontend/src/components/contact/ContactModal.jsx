/** The contact modal the top bar's "Contact us" entry opens (spec 000 §2 Navigation); it closes once a request
 *  has been sent and thanked. On a phone it takes the whole screen, so that the form scrolls as a page. */
import { Modal, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import ContactForm from './ContactForm'

export default function ContactModal({ opened, onClose, initial = null }) {
  const { t } = useTranslation()
  const phone = useMediaQuery('(max-width: 47.99em)')
  return (
    <Modal opened={opened} onClose={onClose} title={t('contact.modalTitle')} size="lg" centered fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }} styles={{ title: { fontWeight: 700, fontSize: '1.2rem' } }}>
      <Text c="dimmed" mb="md">{t('contact.intro')}</Text>
      <ContactForm idPrefix="contact-modal" onSent={onClose} initial={initial} />
    </Modal>
  )
}
