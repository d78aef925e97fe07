/** Why the Price intent is greyed out on a page whose whiteSet flag is off (spec 001 §4), and how to get it: the
 *  contact form, pre-filled with the request an operator answers with `python -m app pages allow-price PAGE_ID`. */
import { Alert, Button, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import ContactModal from '../contact/ContactModal'

export default function PriceHint({ page }) {
  const { t } = useTranslation()
  const [asking, setAsking] = useState(false)
  const pageId = page.idPage ?? page.id
  const request = { subject: t('priceIntent.subject'), msg: t('priceIntent.message', { name: page.name, id: pageId }) }
  return (
    <Alert color="blue" variant="light" mt="sm" className="wizard__priceHint" title={t('priceIntent.why')}>
      <Text size="sm" mb="xs">{t('priceIntent.how')}</Text>
      <Button size="xs" variant="light" onClick={() => setAsking(true)}>{t('priceIntent.ask')}</Button>
      <ContactModal opened={asking} onClose={() => setAsking(false)} initial={request} />
    </Alert>
  )
}
