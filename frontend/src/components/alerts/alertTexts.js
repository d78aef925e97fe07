/** The values an alert's texts need (locales/<lang>/alerts.json), written in the reader's language: numbers and
 *  dates with Intl. The server's mail fills the same placeholders (app/services/alert_mail.py). */
import { dateTimeFormat, numberFormat } from '../../utils/intlFormats'

export const REPLY_ERROR_STREAK = 3

export function alertValues(alert, t, language) {
  const details = alert.details ?? {}
  const number = (value) => numberFormat(language).format(value ?? 0)
  const date = details.expiresAt
    ? dateTimeFormat(language, { dateStyle: 'long' }).format(new Date(details.expiresAt)) : ''
  return {
    page: alert.page?.name ?? '',
    streak: REPLY_ERROR_STREAK,
    error: details.error ?? '',
    agent: agentName(details.agent, t),
    used: number(details.used),
    limit: number(details.limit),
    plan: details.plan ?? '',
    date,
    hours: details.hours ?? '',
    perDay: number(details.usualPerDay),
  }
}

function agentName(agent, t) {
  if (!agent) return t('alerts.agentUnknown')
  return agent.generic ? t('alerts.agentGeneric') : t('alerts.agentPost', { post: agent.post })
}

export const raisedOn = (alert, language) =>
  dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(alert.raisedAt))
