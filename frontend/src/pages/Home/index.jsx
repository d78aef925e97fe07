/** Home: the selected page's day (DaySummary) and its alerts, each with the action that fixes it (AlertList); without
 *  a selected page, the way to My pages, where one is chosen. */
import { Button, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import AlertList from '../../components/alerts/AlertList'
import DaySummary from '../../components/home/DaySummary'
import Page from '../../components/layout/Page'
import { useSessionStore } from '../../stores/session'

export default function HomePage() {
  const { t } = useTranslation()
  const page = useSessionStore((s) => s.selectedPage)
  return (
    <Page maw={1200}>
      <Title order={1} mb="lg">{t('pages.home.title')}</Title>
      {page ? (
        <Stack gap="xl">
          <DaySummary key={`${page.platform}:${page.id}`} page={page} />
          <AlertList page={page} />
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text>{t('home.noPage')}</Text>
          <Button component={Link} to="/home/dashboard">{t('home.toPages')}</Button>
        </Stack>
      )}
    </Page>
  )
}
