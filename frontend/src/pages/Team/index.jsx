/** /home/team: the team of the page selected on the dashboard (spec 000 §2 "Team screen", §4 "Invitation flow",
 *  §5 "Team", §6). Any team member sees the table; only the owner invites and removes. Without a selected page
 *  the screen asks to choose one; outside the team it shows cannotSee. */
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Text, TextInput, Title } from '@mantine/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { membershipApi, teamPageOf } from '../../api/membership'
import Page from '../../components/layout/Page'
import InviteModal from '../../components/team/InviteModal'
import MemberTable from '../../components/team/MemberTable'
import PickerModal from '../../components/team/PickerModal'
import {
  INVITE_MODAL_DELAY_MS,
  isOwner,
  memberName,
  shortToast,
  validInvitation,
  validMemberName,
} from '../../components/team/teamRules'
import { useFeedbackStore } from '../../stores/feedback'
import { useSessionStore } from '../../stores/session'

const OTHER_TEAM = 'listPageConnectedOtherTeam'
const OWNER_STATUS = 'listPageConnectedOwner'
// Server codes with a message of their own on this screen; any other failure gets the step's generic one.
const KNOWN_CODES = ['validName', 'invalidEmail', 'alreadyInvited', 'cannotDeleteOwner', 'invitationNotValid']
const messageOf = (error, fallback) =>
  KNOWN_CODES.includes(error?.code) ? `pages.team.${error.code}` : fallback

export default function TeamPage() {
  const { t } = useTranslation()
  const selected = useSessionStore((s) => s.selectedPage)
  const user = useSessionStore((s) => s.user)
  const showAlert = useFeedbackStore((s) => s.showAlert)
  const teamPage = teamPageOf(selected)
  const pageId = teamPage?.id
  const platform = teamPage?.platform

  const [members, setMembers] = useState(null)
  const [loadState, setLoadState] = useState('loading') // loading | ready | cannotSee | error
  const [name, setName] = useState('')
  const [generating, setGenerating] = useState(false)
  const [candidates, setCandidates] = useState(null)
  const [picked, setPicked] = useState(null)
  const [pickerError, setPickerError] = useState(null)
  const [adding, setAdding] = useState(false)
  const [invitation, setInvitation] = useState(null)
  const [email, setEmail] = useState('')
  const [invitee, setInvitee] = useState('')
  const [mailError, setMailError] = useState(null)
  const [sending, setSending] = useState(false)
  const [toRemove, setToRemove] = useState(null)
  const [removing, setRemoving] = useState(null)
  const [removeFailed, setRemoveFailed] = useState(null)
  const timer = useRef(null)

  const otherTeam = teamPage?.status === OTHER_TEAM

  const load = useCallback(() => {
    if (!pageId || otherTeam) return
    setLoadState('loading')
    membershipApi
      .listUser(pageId, platform)
      .then((team) => {
        setMembers(Array.isArray(team) ? team : [])
        setLoadState('ready')
      })
      .catch((error) => {
        if (error.status === 403 || error.status === 404) setLoadState('cannotSee')
        else {
          console.warn('team not loaded', error)
          setLoadState('error')
        }
      })
  }, [pageId, platform, otherTeam])

  useEffect(load, [load])
  useEffect(() => () => clearTimeout(timer.current), [])

  if (!teamPage) {
    return (
      <Frame>
        <Paper withBorder p="lg" radius="md" className="team__noPage">
          <Text mb="md">{t('pages.team.noPage')}</Text>
          <Button component={Link} to="/home/dashboard">{t('pages.team.choosePage')}</Button>
        </Paper>
      </Frame>
    )
  }
  if (otherTeam || loadState === 'cannotSee') {
    return (
      <Frame>
        <Alert color="red" variant="light" title={t('pages.team.cannotSee')} className="team__cannotSee">
          <Button component={Link} to="/home/dashboard" size="xs" variant="light" color="red">
            {t('pages.team.choosePage')}
          </Button>
        </Alert>
      </Frame>
    )
  }

  const me = user?.idFacebook
  const owner = (members ?? []).find(isOwner)
  const canManage = owner ? owner.idFacebook === me : teamPage.status === OWNER_STATUS

  async function generate(event) {
    event.preventDefault()
    if (!validMemberName(name)) return showAlert('pages.team.validName')
    setGenerating(true)
    try {
      const answer = await membershipApi.generate(pageId, platform, name.trim().replace(/\s+/g, ' '))
      if (answer === false) {
        setGenerating(false)
        return showAlert('pages.team.errorOffer')
      }
      if (Array.isArray(answer)) {
        setGenerating(false)
        setPicked(null)
        setPickerError(null)
        return setCandidates(answer)
      }
      // spec 000 §4 step 2: the invite modal opens 1 s after the answer.
      timer.current = setTimeout(() => {
        setGenerating(false)
        setEmail('')
        setMailError(null)
        setInvitee(answer.memberName ?? name.trim())
        setInvitation(answer)
      }, INVITE_MODAL_DELAY_MS)
    } catch (error) {
      setGenerating(false)
      showAlert(messageOf(error, 'pages.team.errorGenerating'))
    }
  }

  async function addPicked() {
    if (!picked) return setPickerError('pages.team.selectOne')
    setAdding(true)
    setPickerError(null)
    try {
      setMembers(await membershipApi.addExistingMember(pageId, platform, picked))
      setCandidates(null)
      setName('')
      shortToast('pages.team.memberAdded', { name: memberName(picked) })
    } catch (error) {
      setPickerError(messageOf(error, 'pages.team.invitFailed'))
    } finally {
      setAdding(false)
    }
  }

  async function sendMail() {
    if (!validInvitation(email, invitee)) return setMailError('pages.team.invalidEmail')
    setSending(true)
    setMailError(null)
    try {
      await membershipApi.sendMail(pageId, platform, { email: email.trim(), nameUser: invitee.trim(), token: invitation.tokenPage })
      setInvitation(null)
      setName('')
      shortToast('pages.team.invitSent')
    } catch (error) {
      setMailError(messageOf(error, 'pages.team.sendFailed'))
    } finally {
      setSending(false)
    }
  }

  function askRemove(member) {
    if (isOwner(member)) return showAlert('pages.team.cannotDeleteOwner')
    setToRemove(member)
  }

  async function remove(member) {
    setToRemove(null)
    setRemoving(member.idFacebook)
    setRemoveFailed(null)
    try {
      setMembers(await membershipApi.deleteMember(pageId, platform, member))
      shortToast('pages.team.memberRemoved', { name: memberName(member) })
    } catch (error) {
      if (error.code === 'cannotDeleteOwner') showAlert('pages.team.cannotDeleteOwner')
      else setRemoveFailed(member)
    } finally {
      setRemoving(null)
    }
  }

  return (
    <Frame teamPage={teamPage}>
      {canManage && (
        <Paper component="form" withBorder p="md" radius="md" mb="lg" onSubmit={generate} noValidate className="team__invite">
          <Title order={2} size="h4" mb="xs">{t('pages.team.inviteTitle')}</Title>
          <Group align="flex-end" gap="sm">
            <TextInput label={t('pages.team.memberName')} description={t('pages.team.memberNameHelp')}
              value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={255}
              style={{ flex: '1 1 220px' }} />
            <Button type="submit" loading={generating} style={{ flex: '0 0 auto' }}>{t('pages.team.generate')}</Button>
          </Group>
        </Paper>
      )}
      {!canManage && loadState === 'ready' && (
        <Text c="dimmed" size="sm" mb="md">{t('pages.team.ownerOnly')}</Text>
      )}
      {removeFailed && (
        <Alert color="red" variant="light" mb="md" title={t('pages.team.deleteError')} role="alert">
          <Text size="sm" mb="xs">{t('pages.team.errorDeleteMember')}</Text>
          <Button size="xs" color="red" onClick={() => remove(removeFailed)}>{t('pages.team.retry')}</Button>
        </Alert>
      )}
      {loadState === 'loading' && <Loader aria-label={t('common.loading')} />}
      {loadState === 'error' && (
        <Alert color="red" variant="light" title={t('pages.team.loadError')}>
          <Button size="xs" color="red" onClick={load}>{t('pages.team.retry')}</Button>
        </Alert>
      )}
      {loadState === 'ready' && (
        <MemberTable members={members} canManage={canManage} onRemove={askRemove} removing={removing} />
      )}

      <PickerModal opened={Boolean(candidates)} members={candidates ?? []} selected={picked}
        onSelect={(member) => { setPicked(member); setPickerError(null) }}
        onAdd={addPicked} onClose={() => setCandidates(null)} adding={adding} error={pickerError} />
      <InviteModal invitation={invitation} email={email} name={invitee} onEmail={setEmail} onName={setInvitee}
        onSend={sendMail} onClose={() => setInvitation(null)} sending={sending} error={mailError} />
      <Modal opened={Boolean(toRemove)} onClose={() => setToRemove(null)} title={t('pages.team.removeTitle')} centered>
        <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>
          {toRemove && t('pages.team.removeConfirm', { name: memberName(toRemove) })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setToRemove(null)}>{t('pages.team.cancel')}</Button>
          <Button color="red" onClick={() => remove(toRemove)}>{t('pages.team.table.remove')}</Button>
        </Group>
      </Modal>
    </Frame>
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
