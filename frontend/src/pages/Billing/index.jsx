/** Billing tabs (built by the billing issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function BillingPage() {
  return <TitleOnly titleKey="pages.billing.title" />
}
