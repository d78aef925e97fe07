/** Home page. */
import TitleOnly from '../../components/layout/TitleOnly'

export default function HomePage() {
  return <TitleOnly titleKey="pages.home.title" />
}
