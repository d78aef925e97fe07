/** An intent's product answers (spec 001 §2 step 2, §5): a product chosen from the page's catalogue (category, then
 *  product), its specific answer with its versions in other languages, and buttons; the saved ones listed with the
 *  languages they are written in, each editable and removable, one whose buttons
 *  Meta would refuse (saved before the wizard checked them) marked to be fixed. */
import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFeedbackStore } from '../../stores/feedback'
import LanguageAnswers from './LanguageAnswers'
import { ANSWER_LANGUAGES, cleanVersions, versionProblems } from './languages'
import { buttonsValid, textProblem } from '../../utils/replyRules'
import { cleanButtons } from './rules'

const EMPTY = { category: null, product: null, answer: '', answers: {}, buttons: [], tried: false }

export default function ProductAnswers({ intent, categories, platform, onAdd, onEdit, onRemove }) {
  const { t } = useTranslation()
  const showAlert = useFeedbackStore((s) => s.showAlert)
  const [draft, setDraft] = useState(EMPTY)
  const [editing, setEditing] = useState(null) // { id, answer, answers, buttons, tried }
  const [busy, setBusy] = useState(false)

  const category = categories.find((c) => String(c._id ?? c.name) === draft.category)
  const products = category?.children ?? category?.values ?? []

  /** Whether the form can be saved; what it lacks is said in an alert, what Meta would refuse under its field. */
  function ready(form, setForm, product = true) {
    setForm({ ...form, tried: true })
    if (!product || !form.answer.trim()) {
      showAlert('wizard.errors.productRequired')
      return false
    }
    return !textProblem(form.answer) && !versionProblems(form.answers).length && buttonsValid(form.buttons)
  }

  async function add() {
    if (!ready(draft, setDraft, draft.product)) return
    setBusy(true)
    const saved = await onAdd({ product: draft.product, category: category?.name ?? null, answer: draft.answer.trim(),
      answers: cleanVersions(draft.answers), buttons: cleanButtons(draft.buttons, platform) })
    setBusy(false)
    if (saved) setDraft(EMPTY)
  }

  async function saveEdit(answer) {
    if (!ready(editing, setEditing)) return
    setBusy(true)
    const saved = await onEdit(answer, { answer: editing.answer.trim(), answers: cleanVersions(editing.answers),
      buttons: cleanButtons(editing.buttons, platform) })
    setBusy(false)
    if (saved) setEditing(null)
  }

  return (
    <Stack gap="sm" className="wizard__products">
      <div>
        <Text fw={600} size="sm">{t('wizard.config.products')}</Text>
        <Text size="xs" c="dimmed">{t('wizard.config.productsHelp')}</Text>
      </div>
      {(intent.products ?? []).map((answer) => (
        <Paper key={answer._id ?? answer.product} withBorder p="xs" radius="sm" className="wizard__productAnswer"
          data-product={answer.product}>
          {editing?.id === answer._id ? (
            <Stack gap="xs">
              <Badge variant="light">{answer.product}</Badge>
              <LanguageAnswers label={t('wizard.config.specificAnswer')} value={editing.answer} platform={platform}
                tried={editing.tried} onChange={(value) => setEditing({ ...editing, answer: value })}
                versions={editing.answers} onVersions={(answers) => setEditing({ ...editing, answers })}
                buttons={editing.buttons} onButtons={(buttons) => setEditing({ ...editing, buttons })} />
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="default" onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
                <Button size="xs" loading={busy} onClick={() => saveEdit(answer)}>{t('common.save')}</Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Badge variant="light">{answer.product}</Badge>
                  {ANSWER_LANGUAGES.filter((language) => answer.answers?.[language]).map((language) => (
                    <Badge key={language} size="xs" variant="outline" color="gray" className="wizard__productLanguage">
                      {t(`answerLanguages.names.${language}`)}
                    </Badge>
                  ))}
                  {(answer.buttons?.length ?? 0) > 0 && (
                    <Text size="xs" c="dimmed">{t('wizard.config.buttonsCount', { count: answer.buttons.length })}</Text>
                  )}
                </Group>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{answer.preAnswer}</Text>
                {!buttonsValid(answer.buttons) && (
                  <Text size="xs" c="red" mt={4} className="wizard__buttonsToFix">{t('replyRules.toFix')}</Text>
                )}
              </div>
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="subtle"
                  onClick={() => setEditing({ id: answer._id, answer: answer.preAnswer ?? '',
                    answers: answer.answers ?? {}, buttons: answer.buttons ?? [], tried: false })}>
                  {t('wizard.config.edit')}
                </Button>
                <ActionIcon variant="subtle" color="red" aria-label={t('wizard.config.removeAnswer', { name: answer.product })}
                  onClick={() => onRemove(answer)}>×</ActionIcon>
              </Group>
            </Group>
          )}
        </Paper>
      ))}
      {categories.length === 0 ? <Text size="xs" c="dimmed">{t('wizard.config.noCatalogue')}</Text> : (
        <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-0)" className="wizard__newProduct">
          <Stack gap="xs">
            <Group grow gap="xs" wrap="wrap">
              <Select label={t('wizard.config.category')} value={draft.category} miw={150} allowDeselect={false}
                data={categories.map((c) => ({ value: String(c._id ?? c.name), label: c.name }))} comboboxProps={{ withinPortal: true }}
                onChange={(value) => setDraft({ ...draft, category: value, product: null })} />
              <Select label={t('wizard.config.product')} value={draft.product} miw={150} disabled={!category} allowDeselect={false}
                data={[...new Set(products.map((p) => p.content ?? p.name))]} searchable
                onChange={(value) => setDraft({ ...draft, product: value })} />
            </Group>
            <LanguageAnswers label={t('wizard.config.specificAnswer')} value={draft.answer} platform={platform}
              tried={draft.tried} onChange={(answer) => setDraft({ ...draft, answer })}
              versions={draft.answers} onVersions={(answers) => setDraft({ ...draft, answers })}
              buttons={draft.buttons} onButtons={(buttons) => setDraft({ ...draft, buttons })} />
            <Button size="xs" onClick={add} loading={busy} style={{ alignSelf: 'flex-end' }}>
              {t('wizard.config.addProduct')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
