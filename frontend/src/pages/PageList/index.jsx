/** The page list screen (built by the pages issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function PageListPage() {
  return <TitleOnly titleKey="pages.pageList.title" />
}
