/** How to use it (documentation), public and signed-in. */
import TitleOnly from '../../components/layout/TitleOnly'

export default function HowToUsePage() {
  return <TitleOnly titleKey="pages.howToUse.title" />
}
