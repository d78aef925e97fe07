/** Agents list (built by the agents issue). */
import TitleOnly from '../../components/layout/TitleOnly'

export default function MyAgentsPage() {
  return <TitleOnly titleKey="pages.myAgents.title" />
}
