/** The 2-second error alert of the catalogue screens (spec 001 §7, §8): a refusal the server sent as a string, or a
 *  failed change. */
import { Alert } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useCatalogueStore } from '../../stores/catalogue'

export default function CatalogueAlert() {
  const { t } = useTranslation()
  const message = useCatalogueStore((s) => s.message)
  if (!message) return null
  return (
    <Alert color="red" variant="filled" role="alert" mb="md" className="catalogue__alert"
      style={{ position: 'sticky', top: 8, zIndex: 5, overflowWrap: 'anywhere' }}>
      {message.key ? t(message.key) : message.text}
    </Alert>
  )
}
