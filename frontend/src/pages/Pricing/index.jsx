/** Pricing cards (built by the billing issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function PricingPage() {
  return <TitleOnly titleKey="pages.pricing.title" />
}
