/** The catalogue screens' rules (spec 001 §2 "Manage products", "Update category", §5, §9): the display cuts, the
 *  searches, the server's refusals as message keys and the selected page read from the session. */

export const CATEGORY_LOAD_DELAY_MS = 2000
export const ALERT_MS = 2000
export const PRODUCT_NAME_SHOWN = 11
export const PRODUCT_NAME_CUT = 9
export const SYNONYM_SHOWN = 10

// Counted in characters, not UTF-16 units, so an emoji is never cut in half.
const chars = (text) => Array.from(String(text ?? ''))

/** A product name over 11 characters shows as its first 9 plus an ellipsis. */
export function productLabel(name) {
  const all = chars(name)
  return all.length > PRODUCT_NAME_SHOWN ? `${all.slice(0, PRODUCT_NAME_CUT).join('')}…` : all.join('')
}

/** A synonym over 10 characters shows as its first 10 plus an ellipsis. */
export function synonymLabel(synonym) {
  const all = chars(synonym)
  return all.length > SYNONYM_SHOWN ? `${all.slice(0, SYNONYM_SHOWN).join('')}…` : all.join('')
}

export const isCut = (full, shown) => full !== shown

const folded = (text) => String(text ?? '').trim().toLocaleLowerCase()

/** Categories whose name holds the search text (case-insensitive); all of them for an empty search. */
export function matchingCategories(categories, search) {
  const wanted = folded(search)
  return categories.filter((category) => folded(category.name).includes(wanted))
}

/** Products whose content holds the search text (case-insensitive). */
export function matchingProducts(products, search) {
  const wanted = folded(search)
  return products.filter((product) => folded(product.content).includes(wanted))
}

/** Whether the name is one of `names` once trimmed and case folded (the server's duplicate rule). */
export const nameTaken = (names, name) => names.some((other) => folded(other) === folded(name))

export const cleanName = (text) => String(text ?? '').trim().replace(/\s+/g, ' ')

// The server's refusals (app/services/catalogue.py) in the reader's language; any other string is shown as sent.
const REFUSALS = {
  'The category should be empty!': 'catalogue.refusals.notEmpty',
  'This category already exists!': 'catalogue.refusals.categoryExists',
  'This product already exists!': 'catalogue.refusals.productExists',
  'This synonym already exists!': 'catalogue.refusals.synonymExists',
}

/** What to show for a string answer: {key} for a known refusal, else {text}. */
export const refusalMessage = (text) => (REFUSALS[text] ? { key: REFUSALS[text] } : { text })

/** The selected page (spec 001 §3 "Selected page") as the catalogue calls name it, or null. */
export function cataloguePageOf(selected) {
  const id = selected?.id ?? selected?.idPage
  if (id === undefined || id === null || id === '') return null
  const platform = String(selected.platform ?? 'facebook').toLowerCase().startsWith('insta') ? 'instagram' : 'facebook'
  return { id: String(id), platform, name: selected.name ?? '', picture: selected.picture_url ?? selected.imageUrl ?? null }
}
