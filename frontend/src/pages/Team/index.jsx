/** Team of a page (built by the team issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function TeamPage() {
  return <TitleOnly titleKey="pages.team.title" />
}
