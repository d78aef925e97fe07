/** A loading indicator with its accessible label. */
import { Center, Loader } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export default function Spinner() {
  const { t } = useTranslation()
  return (
    <Center my="xl">
      <Loader role="progressbar" aria-label={t('common.loading')} />
    </Center>
  )
}
