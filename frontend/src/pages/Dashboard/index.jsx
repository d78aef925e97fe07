/** My pages and the dashboard of the selected page; for now the signed-in user and the title. */
import { useTranslation } from 'react-i18next'
import Avatar from '../../components/layout/Avatar'
import { useSessionStore } from '../../stores/session'

export default function DashboardPage() {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const fullName = `${user.first_name} ${user.last_name}`
  return (
    <section className="page dashboard">
      <div className="dashboard__user">
        <Avatar user={user} large />
        <p className="dashboard__welcome">{t('pages.dashboard.welcome', { name: fullName })}</p>
      </div>
      <h1>{t('pages.dashboard.title')}</h1>
    </section>
  )
}
