import { describe, expect, it } from 'vitest'
import { checkoutOf, isComplete, newOrderId, purchasePayload } from './purchase'

const plan = { name: 'SME/Artisans', payement: 49, payement_fr: 15, payment_do: 16, number_agent: 5, number_pages: 2,
  number_autoReply: 3000, number_user: 3 }
const buyer = { firstName: ' Salma ', lastName: 'Haddad', email: 'salma@example.com', address: '3 rue de Marseille' }

describe('the payment form (spec 001 §3, §5)', () => {
  it('is complete only with a plan, a period of 1, 6 or 12 months and every buyer field', () => {
    expect(isComplete({ plan, months: 6, buyer })).toBe(true)
    expect(isComplete({ plan: null, months: 6, buyer })).toBe(false)
    expect(isComplete({ plan, months: null, buyer })).toBe(false)
    expect(isComplete({ plan, months: 3, buyer })).toBe(false)
    for (const field of ['firstName', 'lastName', 'email', 'address']) {
      expect(isComplete({ plan, months: 1, buyer: { ...buyer, [field]: '  ' } })).toBe(false)
    }
    expect(isComplete({ plan, months: 12, buyer: { ...buyer, email: 'not an address' } })).toBe(true)
  })

  it('sends the purchase with the spec spellings and the discounted amount', () => {
    expect(purchasePayload({ plan, months: 6, buyer, currency: 'EUR', orderId: 'abc', language: 'fr' })).toEqual({
      last_name: 'Haddad', user_name: 'Salma', email: 'salma@example.com', adresse: '3 rue de Marseille',
      payedBy: 'Salma Haddad', idPack: 'abc', name: 'SME/Artisans', delai: 6, number_agent: 5, number_pages: 2,
      number_autoReply: 3000, number_user: 3, payment: '85.50', currency: 'EUR', language: 'fr',
    })
  })

  it('makes a 20-hex-character order id, a new one each time', () => {
    const first = newOrderId()
    expect(first).toMatch(/^[0-9a-f]{20}$/)
    expect(newOrderId()).not.toBe(first)
  })

  it("posts only an http(s) checkout with the server's fields", () => {
    expect(checkoutOf({ checkoutUrl: 'https://pay.example/x.php', form: { Amount: 8550, vad: null } })).toEqual({
      url: 'https://pay.example/x.php', fields: [['Amount', '8550'], ['vad', '']],
    })
    expect(checkoutOf({ checkoutUrl: 'javascript:alert(1)', form: {} })).toBeNull()
    expect(checkoutOf({ checkoutUrl: 'https://pay.example/x.php' })).toBeNull()
    expect(checkoutOf('error text')).toBeNull()
  })
})
