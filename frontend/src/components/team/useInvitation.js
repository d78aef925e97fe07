/** Inviting someone to the team (spec 000 §4 "Invitation flow"): a name, then either the picker of members of the
 *  owner's other teams (added at once) or, 1 s later, the new invitation's link with the address to mail it to. */
import { useEffect, useRef, useState } from 'react'
import { membershipApi } from '../../api/membership'
import { useFeedbackStore } from '../../stores/feedback'
import { INVITE_MODAL_DELAY_MS, memberName, shortToast, validInvitation, validMemberName } from './teamRules'

// Server codes with a message of their own on this screen; any other failure gets the step's generic one.
const KNOWN_CODES = ['validName', 'invalidEmail', 'alreadyInvited', 'cannotDeleteOwner', 'invitationNotValid']
const messageOf = (error, fallback) => (KNOWN_CODES.includes(error?.code) ? `pages.team.${error.code}` : fallback)

/** The picker: the candidates (null while closed), the one picked, adding it. */
function usePicker({ pageId, platform }, setMembers, done) {
  const [candidates, setCandidates] = useState(null)
  const [picked, setPicked] = useState(null)
  const [error, setError] = useState(null)
  const [adding, setAdding] = useState(false)

  function open(list) {
    setPicked(null)
    setError(null)
    setCandidates(list)
  }

  async function add() {
    if (!picked) return setError('pages.team.selectOne')
    setAdding(true)
    setError(null)
    try {
      setMembers(await membershipApi.addExistingMember(pageId, platform, picked))
      setCandidates(null)
      done()
      shortToast('pages.team.memberAdded', { name: memberName(picked) })
    } catch (failure) {
      setError(messageOf(failure, 'pages.team.invitFailed'))
    } finally {
      setAdding(false)
    }
  }

  const select = (member) => {
    setPicked(member)
    setError(null)
  }
  return { candidates, picked, error, adding, open, add, select, close: () => setCandidates(null) }
}

/** The invitation's modal: the invitation (null while closed), the address and name to mail it to, sending it. */
function useMail({ pageId, platform }, done) {
  const [invitation, setInvitation] = useState(null)
  const [email, setEmail] = useState('')
  const [invitee, setInvitee] = useState('')
  const [error, setError] = useState(null)
  const [sending, setSending] = useState(false)

  function open(answer, name) {
    setEmail('')
    setError(null)
    setInvitee(answer.memberName ?? name)
    setInvitation(answer)
  }

  async function send() {
    if (!validInvitation(email, invitee)) return setError('pages.team.invalidEmail')
    setSending(true)
    setError(null)
    try {
      const letter = { email: email.trim(), nameUser: invitee.trim(), token: invitation.tokenPage }
      await membershipApi.sendMail(pageId, platform, letter)
      setInvitation(null)
      done()
      shortToast('pages.team.invitSent')
    } catch (failure) {
      setError(messageOf(failure, 'pages.team.sendFailed'))
    } finally {
      setSending(false)
    }
  }

  const close = () => setInvitation(null)
  return { invitation, email, invitee, error, sending, open, send, setEmail, setInvitee, close }
}

export function useInvitation(where, setMembers, onInvited = () => {}) {
  const [name, setName] = useState('')
  const [generating, setGenerating] = useState(false)
  const timer = useRef(null)
  const showAlert = useFeedbackStore((s) => s.showAlert)
  const clearName = () => setName('')
  const picker = usePicker(where, setMembers, clearName)
  const mail = useMail(where, () => {
    clearName()
    onInvited()
  })

  useEffect(() => () => clearTimeout(timer.current), [])

  async function generate(event) {
    event.preventDefault()
    if (!validMemberName(name)) return showAlert('pages.team.validName')
    setGenerating(true)
    try {
      const answer = await membershipApi.generate(where.pageId, where.platform, name.trim().replace(/\s+/g, ' '))
      if (answer === false || Array.isArray(answer)) {
        setGenerating(false)
        return answer === false ? showAlert('pages.team.errorOffer') : picker.open(answer)
      }
      onInvited()
      // spec 000 §4 step 2: the invite modal opens 1 s after the answer.
      timer.current = setTimeout(() => {
        setGenerating(false)
        mail.open(answer, name.trim())
      }, INVITE_MODAL_DELAY_MS)
    } catch (error) {
      setGenerating(false)
      showAlert(messageOf(error, 'pages.team.errorGenerating'))
    }
  }

  return { name, setName, generating, generate, picker, mail }
}
