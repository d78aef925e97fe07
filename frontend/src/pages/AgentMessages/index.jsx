/** Comments of one agent (built by the agents issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function AgentMessagesPage() {
  return <TitleOnly titleKey="pages.agentMessages.title" />
}
