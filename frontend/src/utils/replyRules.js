/** What an owner writes into a private reply (the wizard's responses, a manual answer), checked as the server checks
 *  it (app/api/reply_fields.py), which checks it as Meta does when the reply is sent: a response that says something
 *  besides the personalisation tags, at most 3 buttons, titles of 1 to 20 characters, a web link that is a full
 *  http(s) address, a phone number written +, country code and number (6 to 15 digits). Meta refuses any other
 *  button, and then every reply carrying it fails: the owner is told here, next to the field, before saving. */

export const TITLE_MAX = 20
export const MAX_BUTTONS = 3
export const WEB_URL = 'web_url'
export const PHONE = 'phone_number'
export const TAGS = ['##FIRST_NAME##', '##LAST_NAME##', '##FULL_NAME##', '##PAGE_NAME##']

const PHONE_SEPARATORS = /[\s.\-()]/g
const PHONE_NUMBER = /^\+\d{6,15}$/
const HTTP_SCHEME = /^https?:\/\//i
const HOST_LABEL = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/
// A missing value is said once a save was tried; a wrong one as soon as the owner leaves the field.
const MISSING = new Set(['replyRules.titleEmpty', 'replyRules.urlEmpty', 'replyRules.phoneEmpty'])

/** The number as it is saved: without the spaces, dots, dashes and brackets people type between digits. */
export const phoneDigits = (value) => String(value ?? '').replace(PHONE_SEPARATORS, '')

/** The address as it is saved: trimmed, a scheme typed with capitals (a phone keyboard's "Https://") in lower case. */
export function webAddress(value) {
  const url = String(value ?? '').trim()
  const scheme = url.match(HTTP_SCHEME)
  return scheme ? scheme[0].toLowerCase() + url.slice(scheme[0].length) : url
}

function isWebAddress(url) {
  if (!HTTP_SCHEME.test(url) || /\s/.test(url)) return false
  try {
    const { hostname } = new URL(url)
    if (hostname.startsWith('[')) return true // an IPv6 address
    return hostname.replace(/\.$/, '').split('.').every((label) => HOST_LABEL.test(label))
  } catch {
    return false
  }
}

function titleProblem(button) {
  const title = (button.title ?? '').trim()
  if (!title) return 'replyRules.titleEmpty'
  return [...title].length > TITLE_MAX ? 'replyRules.titleLong' : null
}

function targetProblem(button) {
  if (button.type === PHONE) {
    const number = phoneDigits(button.payload)
    if (!number) return { payload: 'replyRules.phoneEmpty' }
    return PHONE_NUMBER.test(number) ? {} : { payload: 'replyRules.phoneInvalid' }
  }
  const url = webAddress(button.url)
  if (!url) return { url: 'replyRules.urlEmpty' }
  return isWebAddress(url) ? {} : { url: 'replyRules.urlInvalid' }
}

/** A button's problems by field ({ title, url } or { title, payload }) as message keys; {} when it can be sent. */
export function buttonProblems(button) {
  const title = titleProblem(button)
  return { ...(title ? { title } : {}), ...targetProblem(button) }
}

export const buttonsValid = (buttons) => (buttons ?? []).every((button) => !Object.keys(buttonProblems(button)).length)

/** The problem shown under a field: none while the owner types in it, a missing value only once a save was tried. */
export function shownProblem(key, { typing = false, tried = false } = {}) {
  if (!key || typing) return null
  return tried || !MISSING.has(key) ? key : null
}

/** The button as it is sent: only its type's fields, written as the server saves them. */
export function cleanButton(button) {
  return button.type === PHONE
    ? { type: PHONE, title: button.title.trim(), payload: phoneDigits(button.payload) }
    : { type: WEB_URL, title: button.title.trim(), url: webAddress(button.url), webview_height_ratio: 'tall' }
}

/** A response made only of personalisation tags may be filled with nothing (no first name on Instagram), which
 *  Meta refuses: its message key, else null (an empty response is left to the caller's own message). */
export function textProblem(text) {
  const value = text ?? ''
  if (!value.trim()) return null
  const rest = TAGS.reduce((left, tag) => left.replaceAll(tag, ''), value)
  return rest.trim() ? null : 'replyRules.onlyTags'
}
