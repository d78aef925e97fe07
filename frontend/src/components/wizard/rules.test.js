import { describe, expect, it } from 'vitest'
import {
  activeByPost, agentStatus, canAddButton, cleanButtons, exclusions, insertTag, intentRefusal,
  newButton, newestFirst, NOT_UNDERSTOOD, postPreview, postType, projectPost, remaining, selectedPostMessage,
  sameButtons, simulatorReplies, tagsFor, wizardPages, withType,
} from './rules'

const price = { name: 'price', intent: 'Price', intent_fr: 'Prix' }
const quiz = { name: 'quiz', intent: 'Quiz', intent_fr: 'Quiz' }
const delivery = { name: 'delivery', intent: 'Delivery', intent_fr: 'Livraison' }

describe('wizard pages and posts', () => {
  it('offers owner-connected, invited-admin and invited pages only, by tab', () => {
    const data = {
      facebookPages: {
        listPageConnectedOwner: [{ idPage: '1', name: 'A' }], listPageInvite: [{ idPage: '2', name: 'B' }],
        listPageConnectedOtherTeam: [{ idPage: '3', name: 'C' }], listPageNotConnected: [{ idPage: '4', name: 'D' }],
      },
      instaPages: { listPageInviteAdmin: [{ idPage: '5', name: 'E' }] },
    }
    expect(wizardPages(data, 'all').map((p) => p.idPage)).toEqual(['1', '2', '5'])
    expect(wizardPages(data, 'facebook').map((p) => [p.idPage, p.platform, p.status]))
      .toEqual([['1', 'facebook', 'listPageConnectedOwner'], ['2', 'facebook', 'listPageInvite']])
    expect(wizardPages(data, 'instagram').map((p) => [p.idPage, p.platform])).toEqual([['5', 'instagram']])
    expect(wizardPages(undefined, 'all')).toEqual([])
  })

  it('cuts post previews at 40 characters and the selected post at 16 when longer than 14', () => {
    expect(postPreview('x'.repeat(40))).toBe('x'.repeat(40))
    expect(postPreview('x'.repeat(41))).toBe(`${'x'.repeat(40)}…`)
    expect(selectedPostMessage('x'.repeat(14))).toBe('x'.repeat(14))
    expect(selectedPostMessage('x'.repeat(15))).toBe(`${'x'.repeat(15)}…`)
    expect(selectedPostMessage('y'.repeat(30))).toBe(`${'y'.repeat(16)}…`)
  })

  it('sorts posts newest first', () => {
    const posts = [{ id: 'a', created_time: '2026-01-01T10:00:00+0000' }, { id: 'b', created_time: '2026-03-01T10:00:00+0000' }]
    expect(newestFirst(posts).map((p) => p.id)).toEqual(['b', 'a'])
  })

  it('derives the agent status of a post: none, nothing without intents, Active, Not active, Draft', () => {
    const entries = activeByPost([
      { post: { idPost: 'p1' }, intents: [delivery], trained: true, live: true },
      { post: { idPost: 'p2' }, intents: [delivery], trained: true, live: false },
      { post: { idPost: 'p3' }, intents: [delivery], trained: false, live: false },
      { post: { idPost: 'p4' }, intents: [], trained: true, live: true },
    ])
    expect(['p1', 'p2', 'p3', 'p4', 'p5'].map((id) => agentStatus(entries[id])))
      .toEqual(['active', 'notActive', 'draft', null, null])
    expect(activeByPost('project not found')).toEqual({})
  })
})

describe('intents', () => {
  it('refuses an intent already chosen', () => {
    expect(intentRefusal(delivery, [{ key: 'delivery', name: 'Delivery' }], true)).toBe('wizard.errors.alreadySelected')
  })

  it('disables Price unless the page is white-set', () => {
    expect(intentRefusal(price, [], false)).toBe('wizard.errors.priceDisabled')
    expect(intentRefusal(price, [], true)).toBeNull()
  })

  it('makes Quiz exclusive both ways, and frees both once no intent is left', () => {
    expect(exclusions([])).toEqual({ disableQuiz: false, disableIntents: false })
    expect(exclusions([quiz])).toEqual({ disableQuiz: false, disableIntents: true })
    expect(exclusions([delivery])).toEqual({ disableQuiz: true, disableIntents: false })
    expect(intentRefusal(delivery, [quiz], true)).toBe('wizard.errors.quizExclusive')
    expect(intentRefusal(quiz, [delivery], true)).toBe('wizard.errors.quizExclusive')
    expect(intentRefusal(quiz, [], true)).toBeNull()
  })
})

describe('responses and buttons', () => {
  it('counts the characters left of 640', () => {
    expect(remaining('')).toBe(640)
    expect(remaining('x'.repeat(600))).toBe(40)
  })

  it('starts buttons as web links, switches type keeping the title', () => {
    expect(newButton()).toEqual({ type: 'web_url', title: '', url: '', webview_height_ratio: 'tall' })
    expect(withType({ type: 'web_url', title: 'Shop', url: 'https://x.tn' }, 'phone_number'))
      .toEqual({ type: 'phone_number', title: 'Shop', payload: '' })
  })

  it('allows at most 3 buttons, and none on Instagram', () => {
    expect(canAddButton([{}, {}], 'facebook')).toBe(true)
    expect(canAddButton([{}, {}, {}], 'facebook')).toBe(false)
    expect(canAddButton([], 'instagram')).toBe(false)
    expect(cleanButtons([newButton()], 'instagram')).toEqual([])
  })

  it('tells the same buttons apart from changed ones, whatever the order of their keys', () => {
    const saved = [{ payload: '+21671000000', title: 'Call', type: 'phone_number' }]
    expect(sameButtons([{ type: 'phone_number', title: 'Call', payload: '+216 71 000 000' }], saved)).toBe(true)
    expect(sameButtons([{ type: 'phone_number', title: 'Call', payload: '+21671000001' }], saved)).toBe(false)
    expect(sameButtons([], undefined)).toBe(true)
  })

  it('sends buttons as the server saves them', () => {
    expect(cleanButtons([{ type: 'phone_number', title: ' Call ', payload: '+216 71 000 000', url: '' },
      { type: 'web_url', title: 'Shop', url: ' Https://x.tn/Robe ', payload: '' }], 'facebook')).toEqual([
      { type: 'phone_number', title: 'Call', payload: '+21671000000' },
      { type: 'web_url', title: 'Shop', url: 'https://x.tn/Robe', webview_height_ratio: 'tall' }])
  })

  it('offers first and last name tags on Facebook only', () => {
    expect(tagsFor('facebook')).toEqual(['##FIRST_NAME##', '##LAST_NAME##', '##FULL_NAME##', '##PAGE_NAME##'])
    expect(tagsFor('instagram')).toEqual(['##FULL_NAME##', '##PAGE_NAME##'])
  })

  it('inserts a tag at the cursor, or in place of the selection, and puts the cursor after it', () => {
    expect(insertTag('Hello !', 6, 6, '##FIRST_NAME##')).toEqual({ text: 'Hello ##FIRST_NAME##!', cursor: 20, refused: false })
    expect(insertTag('Hello you!', 6, 9, '##FULL_NAME##')).toEqual({ text: 'Hello ##FULL_NAME##!', cursor: 19, refused: false })
    expect(insertTag('Hi', undefined, undefined, '##PAGE_NAME##').text).toBe('Hi##PAGE_NAME##')
  })

  it('does not insert a tag that would pass 640 characters', () => {
    const full = 'x'.repeat(630)
    expect(insertTag(full, 630, 630, '##FIRST_NAME##')).toEqual({ text: full, cursor: 630, refused: true })
  })
})

describe('the simulator and the agent body', () => {
  it("reads the replies, and I didn't understand when there is none or the text is empty", () => {
    expect(simulatorReplies([{ response: { text: 'Livraison 7 DT', buttons: [{ title: 'Shop' }] } }]))
      .toEqual([{ text: 'Livraison 7 DT', buttons: [{ title: 'Shop' }] }])
    expect(simulatorReplies([])[0].text).toBe(NOT_UNDERSTOOD)
    expect(simulatorReplies([{ response: { text: '  ' } }])[0].text).toBe("I didn't understand. Sorry !")
  })

  it('keeps the why of each reply, and the why alone of a comment the agent would not answer', () => {
    const why = { reason: 'below_threshold', answered: false }
    expect(simulatorReplies([{ response: { text: 'Livraison 7 DT' }, why: { answered: true } }])[0].why)
      .toEqual({ answered: true })
    expect(simulatorReplies([{ response: null, why }])).toEqual([
      { text: NOT_UNDERSTOOD, buttons: [], notUnderstood: true, why }])
  })

  it('targets the page itself for a generic agent and the post otherwise', () => {
    const page = { idPage: '99', name: 'Maison Jasmin', platform: 'facebook', picture: 'p.png' }
    const post = { id: '99_1', message: 'Promo', picture: 'q.png', created_time: '2026-01-01' }
    expect(projectPost(page, null, 'generic')).toMatchObject({ idPage: '99', idPost: '99', typePage: 'facebook', name: 'Maison Jasmin' })
    expect(projectPost(page, post, 'default')).toMatchObject({ idPost: '99_1', message: 'Promo', picture: 'q.png' })
  })
})

describe('post types', () => {
  it("names Facebook's status types and Instagram's media types", () => {
    expect(['mobile_status_update', 'added_photos', 'VIDEO', 'CAROUSEL_ALBUM', 'something_new'].map(postType))
      .toEqual(['status', 'photo', 'video', 'album', 'other'])
  })
})
