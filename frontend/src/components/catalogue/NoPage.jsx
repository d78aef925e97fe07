/** A catalogue screen without a selected page: its title and the way to the dashboard, where a page is chosen. */
import { Button, Paper, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import Page from '../layout/Page'

export default function NoPage({ titleKey }) {
  const { t } = useTranslation()
  return (
    <Page>
      <Title order={1} mb="lg">{t(titleKey)}</Title>
      <Paper withBorder p="lg" radius="md" className="catalogue__noPage">
        <Text mb="md">{t('catalogue.common.noPage')}</Text>
        <Button component={Link} to="/home/dashboard">{t('catalogue.common.choosePage')}</Button>
      </Paper>
    </Page>
  )
}
