import { describe, expect, it } from 'vitest'
import { buttonProblems, buttonsValid, cleanButton, shownProblem, textProblem } from './replyRules'

const phone = (payload) => ({ type: 'phone_number', title: 'Appeler', payload })
const link = (url) => ({ type: 'web_url', title: 'Voir', url })

describe('what Meta refuses in a private reply, refused when written (issue 38)', () => {
  it('wants a phone number written +, country code and number', () => {
    for (const number of ['71000000', '21671000000', '+21671', '+2167100000000000', '0021671000000', '+216 71 ab'])
      expect(buttonProblems(phone(number)), number).toEqual({ payload: 'replyRules.phoneInvalid' })
    expect(buttonProblems(phone(''))).toEqual({ payload: 'replyRules.phoneEmpty' })
    for (const number of ['+21671000000', '+216 71 000 000', '(+216) 71.000-000'])
      expect(buttonProblems(phone(number)), number).toEqual({})
  })

  it('wants a web link that is a full http(s) address', () => {
    for (const url of ['shop.tn', 'javascript:alert(1)', 'https://shop.tn/la robe', 'https:shop.tn', 'ftp://shop.tn',
      'https://shop_tn.com', 'https://.tn'])
      expect(buttonProblems(link(url)), url).toEqual({ url: 'replyRules.urlInvalid' })
    expect(buttonProblems(link(' '))).toEqual({ url: 'replyRules.urlEmpty' })
    for (const url of ['https://shop.tn', 'Https://shop.tn/Robe?taille=M', 'http://localhost:8080/x', 'https://café.tn'])
      expect(buttonProblems(link(url)), url).toEqual({})
  })

  it('names every problem of a button under its field', () => {
    expect(buttonProblems({ type: 'phone_number', title: '  ', payload: '7100' }))
      .toEqual({ title: 'replyRules.titleEmpty', payload: 'replyRules.phoneInvalid' })
    expect(buttonProblems(link('https://x.tn'))).toEqual({})
    expect(buttonProblems({ ...link('https://x.tn'), title: 'x'.repeat(21) })).toEqual({ title: 'replyRules.titleLong' })
    expect(buttonsValid([link('https://x.tn'), phone('+21671000000')])).toBe(true)
    expect(buttonsValid([link('https://x.tn'), phone('71000000')])).toBe(false)
  })

  it('sends a button as the server saves it', () => {
    expect(cleanButton({ ...phone(' +216 71 000 000 '), url: '' })).toEqual(phone('+21671000000'))
    expect(cleanButton({ ...link('HTTPS://x.tn/A'), payload: '' }))
      .toEqual({ ...link('https://x.tn/A'), webview_height_ratio: 'tall' })
  })

  it('says a missing value once a save was tried, a wrong one when the owner is not typing in it', () => {
    expect(shownProblem('replyRules.phoneEmpty')).toBeNull()
    expect(shownProblem('replyRules.phoneEmpty', { tried: true })).toBe('replyRules.phoneEmpty')
    expect(shownProblem('replyRules.phoneInvalid')).toBe('replyRules.phoneInvalid')
    expect(shownProblem('replyRules.phoneInvalid', { typing: true, tried: true })).toBeNull()
  })

  it('refuses a response made only of personalisation tags', () => {
    expect(textProblem('##FIRST_NAME## ##LAST_NAME##')).toBe('replyRules.onlyTags')
    expect(textProblem('Merci ##FIRST_NAME##')).toBeNull()
    expect(textProblem('  ')).toBeNull()
  })
})
