/** An intent's label in the reader's language (locales/<lang>/intents.json: the intent catalogue's intent and
 *  intent_fr); a name the catalogue lacks reads as words (gift_wrap: gift wrap). */
import i18n from './index'

export const intentLabel = (name) =>
  i18n.t(`intentNames.${name}`, { defaultValue: (name ?? '').replaceAll('_', ' ') })
