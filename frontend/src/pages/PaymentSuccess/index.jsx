/** Payment success (built by the billing issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function PaymentSuccessPage() {
  return <TitleOnly titleKey="pages.paymentSuccess.title" />
}
