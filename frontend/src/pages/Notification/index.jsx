/** Notifications. */
import TitleOnly from '../../components/layout/TitleOnly'

export default function NotificationPage() {
  return <TitleOnly titleKey="pages.notification.title" />
}
