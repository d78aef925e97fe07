/** Which version of an answer a comment got (the simulator's reply, a live comment's why): the one written in the
 *  comment's language, or the default answer when none is (nlp/answer.py; a Tunisian comment may get the Arabic
 *  version). `answerLanguage` '' is the default answer; null or undefined, no answer composed: nothing shown. */
import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export default function AnswerLanguage({ commentLanguage, answerLanguage, ...props }) {
  const { t } = useTranslation()
  if (answerLanguage === null || answerLanguage === undefined) return null
  const name = (language) => t(`answerLanguages.inText.${language}`, { defaultValue: language })
  let text = t('answerLanguages.defaultOnly')
  if (answerLanguage) {
    text = t('answerLanguages.chosen', { comment: name(commentLanguage || answerLanguage), answer: name(answerLanguage) })
  } else if (commentLanguage) {
    text = t('answerLanguages.fallback', { comment: name(commentLanguage) })
  }
  return (
    <Text size="xs" c="dimmed" className="answerLanguage" data-language={answerLanguage || 'default'} {...props}>
      {text}
    </Text>
  )
}
