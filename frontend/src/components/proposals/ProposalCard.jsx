/** One proposal with its evidence and its Accept / Reject buttons: a synonym's product (to choose when it was
 *  found where a product is expected), an intent's default answer (to edit before accepting), a phrasing's intent. */
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useProposalsStore } from '../../stores/proposals'
import Evidence from './Evidence'
import { intentName } from './proposalModel'

const MAX_ANSWER = 640

function SynonymFields({ proposal, products, productId, setProductId }) {
  const { t } = useTranslation()
  return (
    <Stack gap={6}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} className="proposal__title">
        {proposal.product ? t('proposals.synonymFor', { value: proposal.value, product: proposal.product })
          : t('proposals.synonymWhere', { value: proposal.value })}
      </Text>
      <Text size="xs" c="dimmed">{t(`proposals.how.${proposal.how ?? 'spelling'}`)}</Text>
      {!proposal.productId && (
        <Select label={t('proposals.chooseProduct')} placeholder={t('proposals.productPlaceholder')} searchable
          data={products.map((product) => ({ value: String(product._id), label: `${product.name} (${product.category})` }))}
          value={productId} onChange={setProductId} comboboxProps={{ withinPortal: true }} />
      )}
    </Stack>
  )
}

export default function ProposalCard({ proposal, products }) {
  const { t, i18n } = useTranslation()
  const decide = useProposalsStore((s) => s.decide)
  const [productId, setProductId] = useState(null)
  const [answer, setAnswer] = useState(proposal.defaultAnswer ?? '')
  const [busy, setBusy] = useState(null)
  const [error, setError] = useState(null)
  const needsProduct = proposal.kind === 'synonym' && !proposal.productId && !productId
  const blankAnswer = proposal.kind === 'intent' && !answer.trim()

  async function run(verb) {
    setBusy(verb)
    setError(null)
    const body = proposal.kind === 'synonym' ? (productId ? { productId: Number(productId) } : {})
      : proposal.kind === 'intent' ? { genericAnswer: answer.trim() } : {}
    try {
      await decide(proposal, verb, body)
    } catch (failure) {
      console.warn('proposal not decided', failure)
      setError(t(`proposals.errors.${failure.code}`, { defaultValue: t('proposals.errors.failed') }))
      setBusy(null)
    }
  }

  return (
    <Paper withBorder radius="md" p="md" className="proposal" data-kind={proposal.kind}>
      <Stack gap="sm">
        {proposal.kind === 'synonym' && (
          <SynonymFields proposal={proposal} products={products} productId={productId} setProductId={setProductId} />
        )}
        {proposal.kind === 'intent' && (
          <>
            <Group gap={6}>
              <Text fw={600} className="proposal__title">{t('proposals.intentTitle', { intent: intentName(proposal, i18n.language) })}</Text>
            </Group>
            <Textarea label={t('proposals.defaultAnswer')} description={t('proposals.defaultAnswerHelp')} autosize
              minRows={2} maxLength={MAX_ANSWER} value={answer} onChange={(event) => setAnswer(event.currentTarget.value)} />
          </>
        )}
        {proposal.kind === 'phrasing' && (
          <>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} className="proposal__title">
              {t('proposals.quoted', { text: proposal.value })}
            </Text>
            {proposal.intent && (
              <Group gap={6}>
                <Text size="xs" c="dimmed">{t('proposals.closestIntent')}</Text>
                <Badge size="sm" variant="light">{intentName(proposal, i18n.language)}</Badge>
              </Group>
            )}
            <Text size="xs" c="dimmed">{t('proposals.phrasingHelp')}</Text>
          </>
        )}
        <Evidence proposal={proposal} />
        {error && <Alert color="red" variant="light" role="alert" py={6}>{error}</Alert>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" color="red" onClick={() => run('reject')} loading={busy === 'reject'}
            disabled={Boolean(busy)} className="proposal__reject">{t('proposals.reject')}</Button>
          <Button onClick={() => run('accept')} loading={busy === 'accept'} disabled={Boolean(busy) || needsProduct || blankAnswer}
            className="proposal__accept">{t('proposals.accept')}</Button>
        </Group>
      </Stack>
    </Paper>
  )
}
