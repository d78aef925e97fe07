/** An answer's versions in other languages (the server's `answers`: { fr, en, ar, tn } → text; app/api/reply_fields.py,
 *  nlp/answer.py): the languages offered, and the versions as they are saved and compared. */
import { textProblem } from '../../utils/replyRules'

/** The languages the matching engine tells apart, in the order of the tabs (after the default answer). */
export const ANSWER_LANGUAGES = ['fr', 'en', 'ar', 'tn']

/** The versions as the server keeps them: trimmed, blank ones left out. */
export function cleanVersions(versions) {
  return Object.fromEntries(ANSWER_LANGUAGES
    .map((language) => [language, String(versions?.[language] ?? '').trim()])
    .filter(([, text]) => text))
}

/** Whether two sets of versions are the same once saved. */
export const sameVersions = (a, b) => JSON.stringify(cleanVersions(a)) === JSON.stringify(cleanVersions(b))

/** The languages whose version the server would refuse (only personalisation tags). */
export const versionProblems = (versions) =>
  ANSWER_LANGUAGES.filter((language) => textProblem(versions?.[language]))
