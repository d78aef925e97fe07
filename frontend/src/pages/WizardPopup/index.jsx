/** Intent type choice (built by the wizard issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function WizardPopupPage() {
  return <TitleOnly titleKey="pages.wizardPopup.title" />
}
