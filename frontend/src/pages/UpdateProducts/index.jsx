/** Category detail (built by the catalogue issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function UpdateProductsPage() {
  return <TitleOnly titleKey="pages.updateProducts.title" />
}
