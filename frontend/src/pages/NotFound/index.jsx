/** Any deeper unknown path. */
import TitleOnly from '../../components/layout/TitleOnly'

export default function NotFoundPage() {
  return <TitleOnly titleKey="notFound.title" />
}
