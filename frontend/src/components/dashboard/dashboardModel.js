/** The dashboard's rules (spec 001 §2 "Dashboard", §9) as plain functions: the two filters and their defaults, the
 *  5-intent cap, titles with "Probablement", the k format, the 40-character post preview, pictures and links. */
import { formatCount } from '../pages/pageModel'

export { formatCount }

/** The call's periods, in the filters' order: all, then the last 7 days, then the last 30 days. */
export const PERIODS = ['all', 'week', 'day']
/** The intents filter starts on its first option (all), the posts filter on its second (most recent). */
export const INTENTS_DEFAULT_PERIOD = PERIODS[0]
export const POSTS_DEFAULT_PERIOD = PERIODS[1]
export const TOP_INTENTS = 5
export const POST_PREVIEW = 40

const PROBABLY = /probablement/gi

/** An intent row's title in the reader's language; the word "Probablement" in a title means "probably". */
export function intentTitle(row, lang) {
  const title = (lang === 'fr' ? row.title_fr ?? row.title : row.title) ?? row.name ?? ''
  return lang === 'fr' ? title : title.replace(PROBABLY, 'probably')
}

/** Only the first five rows are kept, whatever the answer holds. */
export const topIntents = (rows) => (Array.isArray(rows) ? rows.slice(0, TOP_INTENTS) : [])

/** The post's picture: full_picture on Facebook, media_url on Instagram. */
export const pictureOf = (post) => post?.full_picture ?? post?.media_url ?? null

/** The post's link on the network: permalink_url on Facebook, permalink on Instagram. */
export const permalinkOf = (post) => post?.permalink_url ?? post?.permalink ?? null

/** A post's text cut to 40 characters for the grid. */
export function postPreview(message) {
  const text = message ?? ''
  return text.length > POST_PREVIEW ? `${text.slice(0, POST_PREVIEW)}…` : text
}
