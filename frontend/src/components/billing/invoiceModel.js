/** A payment row's amount as shown (2 decimals written in the reader's language, its currency's symbol when the
 *  row names one) and the saving of an invoice PDF under its number. */
import { CURRENCIES, formatMoney } from '../pricing/pricingModel'

export function formatAmount(row) {
  const amount = Number(row?.payment)
  const text = Number.isFinite(amount) ? formatMoney(amount) : String(row?.payment ?? '')
  const symbol = CURRENCIES[row?.currency]?.value
  return symbol ? `${text} ${symbol}` : text
}

export const invoiceFileName = (number) => `invoice-${String(number).replace(/[^\w.-]+/g, '_')}.pdf`

/** Hands a downloaded PDF to the browser as a file (an object URL behind a download link, freed after). */
export function saveFile(blob, fileName) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
