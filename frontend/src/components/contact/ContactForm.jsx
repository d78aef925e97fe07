/** The one contact form, in the contact modal (top bar) and in the landing page's contact section (spec 000 §2):
 *  name, last name, organisation, e-mail, phone (digits), subject, message; Send, and Ask for a demo, which sets
 *  subject and message to 'demande demo' (§5). Checked in the specified order before sending; each failure opens
 *  a popup with its localized message and a Retry button that returns to the field. */
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { contactApi } from '../../api/contact'
import ContactPopup from './ContactPopup'
import { DEMO_REQUEST, EMPTY_CONTACT, firstInvalid, phoneDigits, trimmed } from './validation'

const VALIDATION_KEYS = new Set(['validNameErr', 'validLastNameErr', 'validOrgErr', 'validEmailErr', 'validPhoneErr',
  'validSubjectErr', 'validMsgErr'])

export default function ContactForm({ idPrefix = 'contact', onSent, initial = null }) {
  const { t } = useTranslation()
  // `initial` pre-fills a request the product asks the user to send (e.g. allowing the Price intent on a page).
  const [contact, setContact] = useState(() => ({ ...EMPTY_CONTACT, ...initial }))
  const [sending, setSending] = useState(false)
  const [popup, setPopup] = useState(null)
  const fields = useRef({})

  const set = (field) => (event) => {
    const value = event.currentTarget.value
    setContact((current) => ({ ...current, [field]: field === 'phone' ? phoneDigits(value) : value }))
  }
  const input = (field) => ({
    id: `${idPrefix}-${field}`,
    name: field,
    value: contact[field],
    onChange: set(field),
    ref: (node) => { fields.current[field] = node },
    error: popup?.field === field || undefined,
  })

  async function send(values) {
    const invalid = firstInvalid(values)
    if (invalid) {
      setPopup({ kind: 'error', messageKey: `contact.${invalid.key}`, buttonKey: 'common.retry', field: invalid.field })
      return
    }
    setSending(true)
    try {
      await contactApi.add(trimmed(values))
      setContact(EMPTY_CONTACT)
      setPopup({ kind: 'success', messageKey: 'contact.sentShort', buttonKey: 'contact.thanks', sent: true })
    } catch (error) {
      console.warn('contact request failed', error)
      const key = error.key && VALIDATION_KEYS.has(error.key) ? `contact.${error.key}` : 'contact.conexErr'
      setPopup({ kind: 'error', messageKey: key, buttonKey: 'common.okay' })
    } finally {
      setSending(false)
    }
  }

  function closePopup() {
    const closed = popup
    setPopup(null)
    if (closed?.field) setTimeout(() => fields.current[closed.field]?.focus(), 0)
    if (closed?.sent) onSent?.()
  }

  function askForDemo() {
    const values = { ...contact, subject: DEMO_REQUEST, msg: DEMO_REQUEST }
    setContact(values)
    send(values)
  }

  return (
    <>
      <form
        noValidate
        aria-label={t('contact.formLabel')}
        onSubmit={(event) => { event.preventDefault(); send(contact) }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label={t('contact.name')} autoComplete="given-name" {...input('name')} />
            <TextInput label={t('contact.lastName')} autoComplete="family-name" {...input('last_name')} />
            <TextInput label={t('contact.org')} autoComplete="organization" {...input('org')} />
            <TextInput label={t('contact.email')} type="email" autoComplete="email" {...input('email')} />
            <TextInput label={t('contact.phone')} type="tel" inputMode="numeric" autoComplete="tel" {...input('phone')} />
            <TextInput label={t('contact.subject')} {...input('subject')} />
          </SimpleGrid>
          <Textarea label={t('contact.msg')} rows={4} resize="vertical" {...input('msg')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="outline" onClick={askForDemo} disabled={sending}>{t('contact.askDemo')}</Button>
            <Button type="submit" loading={sending}>{t('contact.send')}</Button>
          </Group>
        </Stack>
      </form>
      <ContactPopup popup={popup} onClose={closePopup} />
    </>
  )
}
