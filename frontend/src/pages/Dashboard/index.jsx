/** My pages and the dashboard of the selected page; for now the signed-in user and the title. */
import { Group, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import Avatar from '../../components/layout/Avatar'
import Page from '../../components/layout/Page'
import { useSessionStore } from '../../stores/session'

export default function DashboardPage() {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const fullName = `${user.first_name} ${user.last_name}`
  return (
    <Page>
      <Group className="dashboard__user" gap="md" wrap="nowrap" mb="lg">
        <Avatar user={user} large />
        <Text fz="1.2rem" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t('pages.dashboard.welcome', { name: fullName })}
        </Text>
      </Group>
      <Title order={1}>{t('pages.dashboard.title')}</Title>
    </Page>
  )
}
