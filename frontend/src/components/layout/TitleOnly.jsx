/** The frame of a screen that a later issue fills in: its title, translated. */
import { Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import Page from './Page'

export default function TitleOnly({ titleKey }) {
  const { t } = useTranslation()
  return (
    <Page>
      <Title order={1}>{t(titleKey)}</Title>
    </Page>
  )
}
