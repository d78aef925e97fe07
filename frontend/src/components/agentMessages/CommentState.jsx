/** A comment's answer state (spec 001 §4 "Comments"): Treated (answered by the agent), Sent! (answered by hand),
 *  the network's refusal of a manual answer, nothing to answer (praise: its why says it asks nothing), or waiting
 *  for an answer. */
import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { answerState } from './commentModel'

const COLORS = { treated: 'green', sent: 'teal', failed: 'red', untreated: 'orange', nothingToAnswer: 'gray' }

export default function CommentState({ log, size = 'sm' }) {
  const { t } = useTranslation()
  const state = answerState(log)
  return (
    <Badge size={size} color={COLORS[state]} variant="light" className="comment__state" data-state={state}>
      {t(`agentMessages.state.${state}`)}
    </Badge>
  )
}
