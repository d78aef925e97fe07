/** What an alert's fix button does: reconnect the page here (the owner's connect call, which refreshes its token
 *  and webhooks), or open the screen that fixes it (the agent in the wizard, My agents, Billing's plans). */
import { useNavigate } from 'react-router-dom'
import { pagesApi } from '../../api/pages'
import { useAlertsStore } from '../../stores/alerts'
import { useFeedbackStore } from '../../stores/feedback'

export function useAlertFix(page) {
  const navigate = useNavigate()
  const toast = useFeedbackStore((s) => s.toast)
  const load = useAlertsStore((s) => s.load)

  async function reconnect() {
    try {
      await pagesApi.connect(page.platform, page.id)
      toast('alerts.reconnected', 'success')
    } catch (error) {
      console.warn('page not reconnected', error)
      toast('alerts.reconnectFailed', 'error')
    }
    await load(page)
  }

  return (alert) => {
    const { kind, route, agentId } = alert.action
    if (kind === 'reconnect') return reconnect()
    if (kind === 'edit_agent') return navigate(route, { state: { fromMyAgents: true, projectId: agentId } })
    return navigate(route)
  }
}
