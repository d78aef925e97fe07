/** Add a category (built by the catalogue issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function AddProductsPage() {
  return <TitleOnly titleKey="pages.addProducts.title" />
}
