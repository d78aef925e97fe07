/** A notice's text, translated at render time so that it follows a language switch while shown; `date` is
 *  written in the current language's long form. */
import { useTranslation } from 'react-i18next'
import { dateLocale, dateTimeFormat } from '../../utils/intlFormats'

export function formatDate(date, language) {
  try {
    return dateTimeFormat(dateLocale(language), { dateStyle: 'long' }).format(date)
  } catch {
    return date.toISOString().slice(0, 10)
  }
}

export default function NoticeText({ messageKey, days, date }) {
  const { t, i18n } = useTranslation()
  return t(messageKey, { count: Math.abs(days ?? 0), date: date ? formatDate(date, i18n.language) : '' })
}
