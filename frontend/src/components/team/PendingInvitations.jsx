/** The owner's invitations nobody has used yet (issue 42 §4): who, to which address (or the link alone, not mailed
 *  yet), until when the link works or that it expired, and what to do with each: mail it again, send it by e-mail,
 *  copy the link, revoke it. */
import { Badge, Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import Loaded from '../common/Loaded'
import { dateTimeFormat } from '../../utils/intlFormats'
import { COPIED_MS } from './teamRules'

function until(iso, language) {
  const parsed = Date.parse(iso ?? '')
  if (Number.isNaN(parsed)) return ''
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(parsed)
}

function Row({ invitation, busy, onResend, onMail, onRevoke }) {
  const { t, i18n } = useTranslation()
  const name = invitation.memberName
  return (
    <Paper withBorder radius="md" p="sm" className="team__pending" data-expired={invitation.expired}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{name}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {invitation.email ?? t('teamScreen.pending.linkOnly')}
          </Text>
        </Stack>
        <Badge variant="light" color={invitation.expired ? 'orange' : 'blue'} tt="none"
          styles={{ root: { maxWidth: '100%', height: 'auto', whiteSpace: 'normal' } }} className="team__pendingState">
          {invitation.expired ? t('teamScreen.pending.expired')
            : t('teamScreen.pending.validUntil', { date: until(invitation.expiresAt, i18n.language) })}
        </Badge>
      </Group>
      <Group gap="xs" mt="sm" wrap="wrap">
        {invitation.email ? (
          <Button size="compact-sm" variant="light" loading={busy === invitation.id}
            onClick={() => onResend(invitation)}
            aria-label={t('teamScreen.pending.resendTo', { name })}>
            {t('teamScreen.pending.resend')}
          </Button>
        ) : !invitation.expired && (
          <Button size="compact-sm" variant="light" onClick={() => onMail(invitation)}
            aria-label={t('teamScreen.pending.mailTo', { name })}>
            {t('teamScreen.pending.mail')}
          </Button>
        )}
        {!invitation.expired && (
          <CopyButton value={invitation.link} timeout={COPIED_MS}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined}
                onClick={copy}>
                {copied ? t('pages.team.invite.copied') : t('teamScreen.pending.copy')}
              </Button>
            )}
          </CopyButton>
        )}
        <Button size="compact-sm" variant="light" color="red" onClick={() => onRevoke(invitation)}
          aria-label={t('teamScreen.pending.revokeOf', { name })}>
          {t('teamScreen.pending.revoke')}
        </Button>
      </Group>
    </Paper>
  )
}

export default function PendingInvitations({ pending, onMail }) {
  const { t } = useTranslation()
  const { list, busy, resend, askRevoke } = pending
  return (
    <Stack gap="xs" mt="xl" className="team__invitations">
      <Title order={2} size="h4">{t('teamScreen.pending.title')}</Title>
      <Loaded state={list.state} errorKey="teamScreen.pending.loadError" onRetry={list.reload}>
        {(list.value ?? []).length === 0
          ? <Text c="dimmed" size="sm">{t('teamScreen.pending.none')}</Text>
          : list.value.map((invitation) => (
            <Row key={invitation.id} invitation={invitation} busy={busy} onResend={resend} onMail={onMail}
              onRevoke={askRevoke} />
          ))}
      </Loaded>
    </Stack>
  )
}
