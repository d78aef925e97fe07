/** The pricing rules the screens share (spec 001 §3 "Pricing plan", "Currency", §9): which currency a visitor
 *  sees, a plan's monthly price in it, the periods offered with their discounts, and what a period costs.
 *  Display only: the server recomputes every amount it sends to the card gateway. */
import i18n from '../../i18n'
import { numberFormat } from '../../utils/intlFormats'

export const FREE_TRIAL = 'Free Trial'

/** TND is the base; each currency's monthly price field of the pricing answer and the symbol shown. */
export const CURRENCIES = {
  TND: { id: 'TND', value: 'DT', priceField: 'payement' },
  EUR: { id: 'EUR', value: '€', priceField: 'payement_fr' },
  USD: { id: 'USD', value: '$', priceField: 'payment_do' },
}

/** Periods offered, in months, with their discount (spec 001 §9: 6 months 5%, 12 months 10%). */
export const PERIODS = [
  { months: 1, discount: 0 },
  { months: 6, discount: 0.05 },
  { months: 12, discount: 0.1 },
]

/** Currency by region (spec 001 §9): Tunisia TND, the European Union EUR, elsewhere USD. The region is read
 *  from the browser's time zone, so that no third-party geolocation service learns who visits. */
export function currencyForTimeZone(timeZone) {
  if (timeZone === 'Africa/Tunis') return 'TND'
  if (typeof timeZone === 'string' && timeZone.startsWith('Europe/')) return 'EUR'
  return 'USD'
}

export function browserCurrency() {
  try {
    return currencyForTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone)
  } catch {
    return 'USD'
  }
}

export const isFreeTrial = (plan) => plan?.name === FREE_TRIAL

/** A plan's monthly price in a currency, as a number (0 when the answer lacks it). */
export function monthlyPrice(plan, currency) {
  const value = Number(plan?.[CURRENCIES[currency].priceField])
  return Number.isFinite(value) ? value : 0
}

export const discountOf = (months) => PERIODS.find((p) => p.months === Number(months))?.discount ?? 0

/** The price of `months` months, discounted, rounded to cents. */
export function periodPrice(plan, currency, months) {
  const total = monthlyPrice(plan, currency) * Number(months) * (1 - discountOf(months))
  return Math.round(total * 100) / 100
}

/** A number with 2 decimals (spec 001 §9) written as the reader's language writes it: 1,234.50 / 1 234,50. */
export function formatMoney(amount, language = i18n.language) {
  return numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)
}

/** "15.00 €", "49.00 DT", "16.00 $" in English, "15,00 €" in French: prices show 2 decimals (spec 001 §9). */
export function formatPrice(amount, currency, language = i18n.language) {
  return `${formatMoney(Number(amount), language)} ${CURRENCIES[currency].value}`
}

/** The plans offered in this order (spec 001 §9), Free Trial first. */
export function orderedPlans(plans) {
  return [...(plans ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
}

/** Whether a plan can be bought from the change-plan tab: never Free Trial, never the current plan. */
export function isSelectable(plan, currentName) {
  return Boolean(plan) && !isFreeTrial(plan) && plan.name !== currentName
}
