/** In the why panel: the proposals this comment fed, each a link to its agent's Suggestions screen. */
import { Anchor, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { suggestionsPath, summaryOf } from './proposalModel'

export default function WhySuggestions({ proposals, agentId }) {
  const { t } = useTranslation()
  if (!proposals?.length) return null
  return (
    <Stack gap={4} className="why__proposals">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">{t('proposals.why.title')}</Text>
      {proposals.map((proposal) => {
        const [key, values] = summaryOf(proposal)
        const state = proposal.state === 'accepted' ? t('proposals.why.accepted') : t('proposals.why.suggested')
        return (
          <Anchor key={proposal._id} component={Link} to={suggestionsPath(proposal.agent ?? agentId)} size="sm"
            style={{ overflowWrap: 'anywhere' }} className="why__proposal">
            {`${state} ${t(key, values)}`}
          </Anchor>
        )
      })}
    </Stack>
  )
}
