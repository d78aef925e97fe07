/** The four-step wizard (built by the wizard issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function AutoWizardPage() {
  return <TitleOnly titleKey="pages.autoWizard.title" />
}
