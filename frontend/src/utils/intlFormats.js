/** Intl formatters made once for each language and options, not once for each value: making one costs far more than
 *  using it, and the dashboard, the pages list and the tables format a value in every row on every render. */
const made = new Map()

function cached(Kind, language, options) {
  const key = `${Kind.name}|${language ?? ''}|${JSON.stringify(options ?? {})}`
  if (!made.has(key)) made.set(key, new Kind(language, options))
  return made.get(key)
}

export const numberFormat = (language, options) => cached(Intl.NumberFormat, language, options)
export const dateTimeFormat = (language, options) => cached(Intl.DateTimeFormat, language, options)
export const collator = (language, options) => cached(Intl.Collator, language, options)

/** Dates in the app's two languages: day before month in both (en-GB, not en-US). */
export const dateLocale = (language) => (language === 'fr' ? 'fr-FR' : 'en-GB')
