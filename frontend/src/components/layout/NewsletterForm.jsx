/** Newsletter sign-up in the footer: only the e-mail is checked, the other contact fields are
 *  sent as '----' and subject and message as 'Newsletter' (spec 000 §5 Newsletter). */
import { Button, Group, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { contactApi } from '../../api/contact'
import { useFeedbackStore } from '../../stores/feedback'
import { isEmail } from '../../utils/email'

const PLACEHOLDER = '----'

export default function NewsletterForm() {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const { toast, showAlert } = useFeedbackStore()

  async function subscribe(event) {
    event.preventDefault()
    if (!isEmail(email)) return showAlert('contact.validEmailErr')
    setSending(true)
    try {
      await contactApi.add({
        name: PLACEHOLDER, last_name: PLACEHOLDER, org: PLACEHOLDER, phone: PLACEHOLDER,
        email: email.trim(), subject: 'Newsletter', msg: 'Newsletter',
      })
      setEmail('')
      toast('contact.sent', 'success')
    } catch (e) {
      console.warn('newsletter sign-up failed', e)
      showAlert('contact.conexErr')
    } finally {
      setSending(false)
    }
  }

  return (
    <form onSubmit={subscribe} noValidate>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          id="newsletter-email"
          type="email"
          label={t('footer.newsletter')}
          value={email}
          placeholder={t('footer.newsletterPlaceholder')}
          onChange={(e) => setEmail(e.target.value)}
          style={{ flex: 1, minWidth: 0 }}
          styles={{ label: { fontWeight: 400, fontSize: 'inherit' } }}
        />
        <Button type="submit" loading={sending}>{t('footer.subscribe')}</Button>
      </Group>
    </form>
  )
}
