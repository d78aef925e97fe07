/** A response written in several languages: the default text and a tab per language the comments are read in
 *  (nlp/answer.py: a comment gets the version in its language, else the default), side by side; the buttons below
 *  go with every language. A tab says when its version is written, or when it is to fix once a save was tried. */
import { Badge, Stack, Tabs, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { textProblem } from '../../utils/replyRules'
import AnswerEditor from './AnswerEditor'
import ButtonsEditor from './ButtonsEditor'
import { ANSWER_LANGUAGES } from './languages'

const DEFAULT = 'default'

/** The mark of a language's tab: to fix, written, or none (null: Mantine keeps no room for it). */
function tabMark(t, text, tried) {
  if (tried && textProblem(text)) {
    return <Badge size="xs" color="red" variant="light">{t('answerLanguages.toFix')}</Badge>
  }
  if (!(text ?? '').trim()) return null
  return <Badge size="xs" color="green" variant="light">{t('answerLanguages.written')}</Badge>
}

export default function LanguageAnswers({ label, description, value, onChange, versions, onVersions, buttons,
  onButtons, platform, tried = false }) {
  const { t } = useTranslation()
  const [tab, setTab] = useState(DEFAULT)
  const versionOf = (language) => versions?.[language] ?? ''
  return (
    <Stack gap="xs" className="wizard__languages">
      {/* Pills close together: the five fit two rows on a phone. */}
      <Tabs value={tab} onChange={(next) => setTab(next ?? DEFAULT)} variant="pills" radius="xl" keepMounted={false}
        styles={{ tab: { paddingInline: 'var(--mantine-spacing-xs)' } }}>
        <Tabs.List aria-label={t('answerLanguages.tabs')}>
          <Tabs.Tab value={DEFAULT}>{t('answerLanguages.default')}</Tabs.Tab>
          {ANSWER_LANGUAGES.map((language) => (
            <Tabs.Tab key={language} value={language} data-language={language}
              rightSection={tabMark(t, versionOf(language), tried)}>
              {t(`answerLanguages.names.${language}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={DEFAULT} pt="xs">
          <AnswerEditor label={label} value={value} onChange={onChange}
            description={[description, t('answerLanguages.help.default')].filter(Boolean).join(' ')}
            platform={platform} tried={tried} />
        </Tabs.Panel>
        {ANSWER_LANGUAGES.map((language) => (
          <Tabs.Panel key={language} value={language} pt="xs">
            <AnswerEditor description={t(`answerLanguages.help.${language}`)}
              label={t('answerLanguages.label', { label, language: t(`answerLanguages.inText.${language}`) })}
              value={versionOf(language)} platform={platform}
              tried={tried} onChange={(text) => onVersions({ ...versions, [language]: text })} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {onButtons && platform !== 'instagram' && <Text size="xs" c="dimmed">{t('answerLanguages.buttonsShared')}</Text>}
      {onButtons && <ButtonsEditor buttons={buttons} onChange={onButtons} platform={platform} tried={tried} />}
    </Stack>
  )
}
