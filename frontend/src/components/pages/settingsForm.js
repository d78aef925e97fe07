/** The page settings form's rules (spec 000 §3 "Preferences payload", §4 "Page settings", §5): its values read
 *  from a page, the messages of what must be corrected before saving (minutes and seconds 0 to 59, whole numbers,
 *  a from time not after the to time, a public reply's message), and whether the public reply changed. */
import { DELAY_MODES, fromMs } from './pageModel'

export const TIME_MAX = 59

export function settingsOf(page) {
  const statut = DELAY_MODES.includes(page.respReplies?.statut) ? page.respReplies.statut : 'immediatly'
  const [from = 0, to = 0] = page.respReplies?.time ?? []
  return {
    spam: Boolean(page.spam),
    likesComment: Boolean(page.likesComment),
    hideComment: Boolean(page.hideComment),
    keepComplaints: Boolean(page.keepComplaints),
    delay: { statut, from: fromMs(from), to: fromMs(to) },
    publicReply: { statut: Boolean(page.public_reply?.statut), message: page.public_reply?.message ?? '' },
  }
}

const inRange = (value) => Number.isInteger(value) && value >= 0 && value <= TIME_MAX
const seconds = ({ minutes, seconds: s }) => minutes * 60 + s

/** Field → message key of what is wrong; empty when the form may be saved. A typed 70 is never turned into
 *  something else: it is refused with its message. */
export function settingsErrors(settings, instagram) {
  const errors = {}
  const { statut, from, to } = settings.delay
  const times = statut === 'Randomly' ? { from, to } : statut === 'Exactly' ? { from } : {}
  for (const [name, time] of Object.entries(times)) {
    if (!inRange(time.minutes)) errors[`${name}.minutes`] = 'pageSettings.minutesRange'
    if (!inRange(time.seconds)) errors[`${name}.seconds`] = 'pageSettings.secondsRange'
  }
  if (statut === 'Randomly' && Object.keys(errors).length === 0 && seconds(from) > seconds(to)) {
    errors.range = 'pageCards.settings.rangeWrong'
  }
  if (!instagram && settings.publicReply.statut && !settings.publicReply.message.trim()) {
    errors.publicReply = 'pageSettings.messageRequired'
  }
  return errors
}

/** Whether the form's public reply differs from the one the server holds (`saved`, settings as settingsOf gives). */
export function publicReplyChanged(saved, settings) {
  const { statut, message } = settings.publicReply
  return saved.publicReply.statut !== statut || (statut && saved.publicReply.message !== message.trim())
}
