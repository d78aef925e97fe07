/** One intent of the agent: its generic response (saved first, then updated) with its versions in other languages,
 *  its buttons and, once saved, its product answers (spec 001 §2 step 2, §4 "Intent state is new or old", §5). */
import { ActionIcon, Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFeedbackStore } from '../../stores/feedback'
import LanguageAnswers from './LanguageAnswers'
import ProductAnswers from './ProductAnswers'
import { buttonsValid, textProblem } from '../../utils/replyRules'
import { cleanVersions, sameVersions, versionProblems } from './languages'
import { cleanButtons, intentLabel, sameButtons } from './rules'

export default function IntentCard({ intent, platform, categories, onSaveGeneric, onRemove, onAddProduct, onEditProduct,
  onRemoveProduct }) {
  const { t, i18n } = useTranslation()
  const showAlert = useFeedbackStore((s) => s.showAlert)
  const [answer, setAnswer] = useState(intent.genericAnswer ?? '')
  const [buttons, setButtons] = useState(intent.buttons ?? [])
  const [versions, setVersions] = useState(intent.answers ?? {})
  const [saving, setSaving] = useState(false)
  const [tried, setTried] = useState(false)
  const label = intentLabel(intent, i18n.language)
  const saved = intent.status === 'old'
  const changed = !saved || answer !== (intent.genericAnswer ?? '') || !sameButtons(buttons, intent.buttons)
    || !sameVersions(versions, intent.answers)

  async function save() {
    setTried(true)
    if (!answer.trim()) return showAlert('wizard.errors.genericEmpty')
    // Said under the fields: what Meta would refuse is not saved.
    if (textProblem(answer) || versionProblems(versions).length || !buttonsValid(buttons)) return
    const body = { genericAnswer: answer.trim(), answers: cleanVersions(versions),
      buttons: cleanButtons(buttons, platform) }
    setSaving(true)
    if (await onSaveGeneric(intent, body)) {
      // Shown as saved: "+216 71 000 000" reads "+21671000000", as the server keeps it.
      setAnswer(body.genericAnswer)
      setButtons(body.buttons)
      setVersions(body.answers)
    }
    setSaving(false)
  }

  return (
    <Card withBorder radius="md" padding="md" className="wizard__intent" data-intent={intent.key}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs">
          <Text fw={700}>{label}</Text>
          {!saved && <Badge color="yellow" variant="light" size="sm">{t('wizard.config.unsaved')}</Badge>}
        </Group>
        <ActionIcon variant="subtle" color="red" aria-label={t('wizard.config.removeIntent', { name: label })}
          onClick={() => onRemove(intent)}>×</ActionIcon>
      </Group>
      <Stack gap="sm">
        <LanguageAnswers label={t('wizard.config.genericAnswer')} description={t('wizard.config.genericHelp')}
          value={answer} onChange={setAnswer} versions={versions} onVersions={setVersions} buttons={buttons}
          onButtons={setButtons} platform={platform} tried={tried} />
        <Group justify="flex-end">
          <Button size="xs" onClick={save} loading={saving} disabled={!changed}>
            {changed ? t('common.save') : t('wizard.config.saved')}
          </Button>
        </Group>
        {saved && (
          <ProductAnswers intent={intent} categories={categories} platform={platform}
            onAdd={(product) => onAddProduct(intent, product)} onEdit={(old, next) => onEditProduct(intent, old, next)}
            onRemove={(product) => onRemoveProduct(intent, product)} />
        )}
      </Stack>
    </Card>
  )
}
