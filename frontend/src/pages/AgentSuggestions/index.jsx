/** /home/agent-suggestions/:agentId: what the agent missed, turned into suggestions (docs/contracts.md
 *  "Proposals"): synonyms for products, intents it lacks, phrasings, each with the comments behind it and Accept /
 *  Reject. Beside them the chat simulator, to try a comment once a suggestion is accepted. */
import { Alert, Anchor, Badge, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { agentsApi } from '../../api/agents'
import { cutMessage, isGeneric } from '../../components/agents/agentModel'
import Loaded from '../../components/common/Loaded'
import Page from '../../components/layout/Page'
import ProposalCard from '../../components/proposals/ProposalCard'
import { KINDS, totalOf } from '../../components/proposals/proposalModel'
import ChatSimulator from '../../components/wizard/ChatSimulator'
import { useProposalsStore } from '../../stores/proposals'

function KindSection({ kind, proposals, products }) {
  const { t } = useTranslation()
  if (proposals.length === 0) return null
  return (
    <Stack gap="sm" component="section" className={`proposals__${kind}`} aria-label={t(`proposals.kinds.${kind}`)}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Title order={2} size="h4">{t(`proposals.kinds.${kind}`)}</Title>
        <Badge variant="light" mt={4} style={{ flexShrink: 0 }}>{proposals.length}</Badge>
      </Group>
      <Text size="sm" c="dimmed">{t(`proposals.kindHelp.${kind}`)}</Text>
      {proposals.map((proposal) => <ProposalCard key={proposal._id} proposal={proposal} products={products} />)}
    </Stack>
  )
}

export default function AgentSuggestionsPage() {
  const { t } = useTranslation()
  const { agentId } = useParams()
  const { byKind, products, minCommenters, loadState, load } = useProposalsStore()
  const [project, setProject] = useState(null)
  const [messages, setMessages] = useState([])

  useEffect(() => {
    load(agentId)
    agentsApi.get(agentId).then(setProject).catch((error) => console.warn('agent not read', error))
  }, [agentId, load])

  const total = totalOf(byKind)
  // The spinner is for a first load: a reload keeps the suggestions on screen.
  const shownState = loadState === 'loading' && total > 0 ? 'ready' : loadState
  const idPost = project?.post?.idPost
  const name = project ? (isGeneric(project) ? project.post?.name : cutMessage(project.post?.message)) : ''
  return (
    <Page maw={1240}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1}>{t('proposals.title')}</Title>
          {name && <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>{t('proposals.ofAgent', { name })}</Text>}
        </div>
        <Anchor component={Link} to="/home/my-agents" size="sm">{t('proposals.back')}</Anchor>
      </Group>
      <Text size="sm" mb="md">{t('proposals.intro', { count: minCommenters })}</Text>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Loaded state={shownState} errorKey="proposals.loadError" onRetry={() => load(agentId)}>
            {loadState === 'ready' && total === 0 && (
              <Alert variant="light" className="proposals__empty" title={t('proposals.empty')}>
                {t('proposals.emptyHelp')}
              </Alert>
            )}
          </Loaded>
          <Stack gap="xl">
            {KINDS.map((kind) => <KindSection key={kind} kind={kind} proposals={byKind[kind] ?? []} products={products} />)}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {idPost && (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">{t('proposals.tryHelp')}</Text>
              <ChatSimulator idPost={idPost} messages={messages} onMessages={(added) => setMessages((shown) => [...shown, ...added])} />
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Page>
  )
}
