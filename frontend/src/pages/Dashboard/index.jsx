/** My pages and the dashboard of the selected page (spec 000 §2, §4): the signed-in user and the title at once,
 *  then the connected pages and the selected page (DashboardPages, loaded on its own). */
import { Group, Text, Title } from '@mantine/core'
import { Suspense, lazy } from 'react'
import { useTranslation } from 'react-i18next'
import Spinner from '../../components/feedback/Spinner'
import Avatar from '../../components/layout/Avatar'
import Page from '../../components/layout/Page'
import { useSessionStore } from '../../stores/session'

const DashboardPages = lazy(() => import('./DashboardPages'))

export default function DashboardPage() {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const fullName = `${user.first_name} ${user.last_name}`
  return (
    <Page maw={1200}>
      <Group className="dashboard__user" gap="md" wrap="nowrap" mb="lg">
        <Avatar user={user} large />
        <Text fz="1.2rem" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t('pages.dashboard.welcome', { name: fullName })}
        </Text>
      </Group>
      <Title order={1} mb="md">{t('pages.dashboard.title')}</Title>
      <Suspense fallback={<Spinner />}>
        <DashboardPages />
      </Suspense>
    </Page>
  )
}
