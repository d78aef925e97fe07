/** /home/team: the team of the page selected on the dashboard (spec 000 §2 "Team screen", §4 "Invitation flow",
 *  §5 "Team", §6). Any team member sees the table; only the owner invites, changes roles, makes a member the owner,
 *  removes, and sees the invitations nobody used yet (issue 42 §4). Without a selected page the screen asks to
 *  choose one; outside the team it shows cannotSee. Its state and calls are useTeam's. */
import { Alert, Badge, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { teamPageOf } from '../../api/membership'
import ConfirmModal from '../../components/common/ConfirmModal'
import Loaded from '../../components/common/Loaded'
import Page from '../../components/layout/Page'
import InviteModal from '../../components/team/InviteModal'
import MemberTable from '../../components/team/MemberTable'
import PendingInvitations from '../../components/team/PendingInvitations'
import PickerModal from '../../components/team/PickerModal'
import { memberName } from '../../components/team/teamRules'
import { useTeam } from '../../components/team/useTeam'
import { useSessionStore } from '../../stores/session'

export default function TeamPage() {
  const { t } = useTranslation()
  const teamPage = teamPageOf(useSessionStore((s) => s.selectedPage))
  const user = useSessionStore((s) => s.user)
  const { members, cannotSee, canManage, invitation, removal, admin, pending } = useTeam(teamPage, user)

  if (!teamPage) return <Frame><NoPage /></Frame>
  if (cannotSee) return <Frame><CannotSee /></Frame>

  const { picker, mail } = invitation
  return (
    <Frame teamPage={teamPage}>
      {canManage && <InviteForm invitation={invitation} />}
      {!canManage && members.state === 'ready' && (
        <Text c="dimmed" size="sm" mb="md">{t('pages.team.ownerOnly')}</Text>
      )}
      {removal.failed && (
        <Alert color="red" variant="light" mb="md" title={t('pages.team.deleteError')} role="alert">
          <Text size="sm" mb="xs">{t('pages.team.errorDeleteMember')}</Text>
          <Button size="xs" color="red" onClick={() => removal.remove(removal.failed)}>{t('common.retry')}</Button>
        </Alert>
      )}
      <Loaded state={members.state} errorKey="pages.team.loadError" onRetry={members.reload}>
        <MemberTable members={members.value} canManage={canManage} onRemove={removal.ask} removing={removal.removing}
          admin={admin} />
      </Loaded>
      {canManage && <PendingInvitations pending={pending} onMail={(item) => mail.open(item, item.memberName)} />}

      <PickerModal opened={Boolean(picker.candidates)} members={picker.candidates ?? []} selected={picker.picked}
        onSelect={picker.select} onAdd={picker.add} onClose={picker.close} adding={picker.adding}
        error={picker.error} />
      <InviteModal invitation={mail.invitation} email={mail.email} name={mail.invitee} onEmail={mail.setEmail}
        onName={mail.setInvitee} onSend={mail.send} onClose={mail.close} sending={mail.sending} error={mail.error} />
      <ConfirmModal onConfirm={() => removal.remove(removal.asked)} onCancel={removal.cancel}
        request={removal.asked && { titleKey: 'pages.team.removeTitle', textKey: 'pages.team.removeConfirm',
          values: { name: memberName(removal.asked) }, confirmKey: 'pages.team.table.remove', danger: true }} />
      <ConfirmModal onConfirm={admin.makeOwner} onCancel={admin.cancelOwner} busy={admin.handing}
        request={admin.owning && { titleKey: 'teamScreen.makeOwnerTitle', textKey: 'teamScreen.makeOwnerConfirm',
          values: { name: memberName(admin.owning), page: teamPage.name }, confirmKey: 'teamScreen.makeOwner' }} />
      <ConfirmModal onConfirm={pending.revoke} onCancel={pending.cancelRevoke}
        request={pending.revoking && { titleKey: 'teamScreen.pending.revokeTitle', textKey: 'teamScreen.pending.revokeConfirm',
          values: { name: pending.revoking.memberName }, confirmKey: 'teamScreen.pending.revoke', danger: true }} />
    </Frame>
  )
}

/** The owner's form: the name of the person to invite, then Generate. */
function InviteForm({ invitation }) {
  const { t } = useTranslation()
  const { name, setName, generating, generate } = invitation
  return (
    <Paper component="form" withBorder p="md" radius="md" mb="lg" onSubmit={generate} noValidate
      className="team__invite">
      <Title order={2} size="h4" mb="xs">{t('pages.team.inviteTitle')}</Title>
      <Group align="flex-end" gap="sm">
        <TextInput label={t('pages.team.memberName')} description={t('pages.team.memberNameHelp')}
          value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={255} style={{ flex: '1 1 220px' }} />
        <Button type="submit" loading={generating} style={{ flex: '0 0 auto' }}>{t('pages.team.generate')}</Button>
      </Group>
    </Paper>
  )
}

function NoPage() {
  const { t } = useTranslation()
  return (
    <Paper withBorder p="lg" radius="md" className="team__noPage">
      <Text mb="md">{t('pages.team.noPage')}</Text>
      <Button component={Link} to="/home/dashboard">{t('pages.team.choosePage')}</Button>
    </Paper>
  )
}

function CannotSee() {
  const { t } = useTranslation()
  return (
    <Alert color="red" variant="light" title={t('pages.team.cannotSee')} className="team__cannotSee">
      <Button component={Link} to="/home/dashboard" size="xs" variant="light" color="red">
        {t('pages.team.choosePage')}
      </Button>
    </Alert>
  )
}

function Frame({ teamPage, children }) {
  const { t } = useTranslation()
  return (
    <Page>
      <Title order={1} mb={teamPage ? 4 : 'lg'}>{t('pages.team.title')}</Title>
      {teamPage && (
        <Group gap="xs" mb="lg" wrap="wrap">
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>{t('pages.team.ofPage', { name: teamPage.name })}</Text>
          <Badge variant="outline" color={teamPage.platform === 'instagram' ? 'grape' : 'blue'}>
            {teamPage.platform === 'instagram' ? 'Instagram' : 'Facebook'}
          </Badge>
        </Group>
      )}
      {children}
    </Page>
  )
}
