import { describe, expect, it } from 'vitest'
import i18n from '../../i18n'
import { planLabel } from './PlanCard'
import {
  currencyForTimeZone, discountOf, formatPrice, isSelectable, monthlyPrice, orderedPlans, periodPrice,
} from './pricingModel'

const sme = { name: 'SME/Artisans', position: 1, payement: 49, payement_fr: 15, payment_do: 16 }
const trial = { name: 'Free Trial', position: 0, payement: 0, payement_fr: 0, payment_do: 0 }

describe('pricing rules (spec 001 §9)', () => {
  it('picks the currency by region: Tunisia TND, the EU EUR, elsewhere USD', () => {
    expect(currencyForTimeZone('Africa/Tunis')).toBe('TND')
    expect(currencyForTimeZone('Europe/Paris')).toBe('EUR')
    expect(currencyForTimeZone('America/New_York')).toBe('USD')
    expect(currencyForTimeZone(undefined)).toBe('USD')
  })

  it("reads each currency's monthly price field", () => {
    expect(monthlyPrice(sme, 'TND')).toBe(49)
    expect(monthlyPrice(sme, 'EUR')).toBe(15)
    expect(monthlyPrice(sme, 'USD')).toBe(16)
    expect(monthlyPrice({ name: 'x' }, 'EUR')).toBe(0)
  })

  it('discounts 6 months by 5% and 12 months by 10%, 2 decimals', () => {
    expect(discountOf(1)).toBe(0)
    expect(discountOf(6)).toBe(0.05)
    expect(discountOf(12)).toBe(0.1)
    expect(periodPrice(sme, 'EUR', 1)).toBe(15)
    expect(periodPrice(sme, 'EUR', 6)).toBe(85.5)
    expect(periodPrice(sme, 'EUR', 12)).toBe(162)
    expect(periodPrice(sme, 'TND', 6)).toBe(279.3)
    expect(formatPrice(85.5, 'EUR')).toBe('85.50 €')
    expect(formatPrice(49, 'TND')).toBe('49.00 DT')
    expect(formatPrice(16, 'USD')).toBe('16.00 $')
  })

  it("writes prices and plan names in the reader's language", () => {
    const t = i18n.getFixedT('fr')
    expect(formatPrice(85.5, 'EUR', 'fr')).toBe('85,50 €')
    expect(formatPrice(1234.5, 'TND', 'en')).toBe('1,234.50 DT')
    expect(formatPrice(1234.5, 'TND', 'fr').replace(/\s/gu, ' ')).toBe('1 234,50 DT')
    expect(planLabel(t, 'Agencies')).toBe('Agences')
    expect(planLabel(t, 'SME/Artisans')).toBe('PME/Artisans')
    expect(planLabel(i18n.getFixedT('en'), 'Agencies')).toBe('Agencies')
    expect(planLabel(t, 'Enterprise')).toBe('Enterprise')
  })

  it('orders the plans, Free Trial first; neither Free Trial nor the current plan is selectable', () => {
    expect(orderedPlans([sme, trial]).map((p) => p.name)).toEqual(['Free Trial', 'SME/Artisans'])
    expect(isSelectable(trial, 'SME/Artisans')).toBe(false)
    expect(isSelectable(sme, 'SME/Artisans')).toBe(false)
    expect(isSelectable(sme, 'Free Trial')).toBe(true)
  })
})
