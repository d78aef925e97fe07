/** Categories (built by the catalogue issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function ManageProductsPage() {
  return <TitleOnly titleKey="pages.manageProducts.title" />
}
