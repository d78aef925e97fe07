/** What the Suggestions screen and the why panel share: the kinds in the order shown, the screen's path, and a
 *  proposal said in one line. */
import { intentLabel } from '../../i18n/intentLabel'

export const KINDS = ['synonym', 'intent', 'phrasing']
export const EVIDENCE_FIRST = 3

export const suggestionsPath = (agentId) => `/home/agent-suggestions/${encodeURIComponent(agentId)}`

/** The intent's label in the reader's language, as the server gives it (else the screens' own). */
export function intentName(proposal, language) {
  const label = String(language ?? '').startsWith('fr') ? proposal.intentLabelFr : proposal.intentLabel
  return label || intentLabel(proposal.intent)
}

/** The translation key and values of a proposal in one line ("Suggested: synonym X for product Y"). */
export function summaryOf(proposal) {
  if (proposal.kind === 'synonym') {
    return proposal.target || proposal.product
      ? ['proposals.summary.synonym', { value: proposal.value, product: proposal.target ?? proposal.product }]
      : ['proposals.summary.synonymNoProduct', { value: proposal.value }]
  }
  if (proposal.kind === 'intent') return ['proposals.summary.intent', { intent: intentLabel(proposal.value) }]
  return ['proposals.summary.phrasing', { value: proposal.value }]
}

/** The proposals without the one just decided. */
export function withoutProposal(byKind, proposalId) {
  return Object.fromEntries(KINDS.map((kind) => [kind, (byKind[kind] ?? []).filter((item) => item._id !== proposalId)]))
}

export const totalOf = (byKind) => KINDS.reduce((sum, kind) => sum + (byKind[kind]?.length ?? 0), 0)
