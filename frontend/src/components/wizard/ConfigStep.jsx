/** Step 2: the intent picker and the agent's intent cards with their responses and product answers (spec 001 §2
 *  step 2, §4 "Wizard", §5, §8). Every change is saved on the server at once; Next needs one saved intent, then
 *  asks for the agent's training. */
import { Loader, Paper, Select, Stack, Text } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { wizardApi } from '../../api/wizard'
import { useFeedbackStore } from '../../stores/feedback'
import ConfirmModal from '../common/ConfirmModal'
import IntentCard from './IntentCard'
import PriceHint from './PriceHint'
import RetryAlert from './RetryAlert'
import StepActions from './StepActions'
import { exclusions, GENERIC, intentKey, intentLabel, intentRefusal, isPrice, isQuiz } from './rules'

const REFUSALS = { quiz_alone: 'wizard.errors.quizExclusive', price_not_allowed: 'wizard.errors.priceDisabled' }

/** The project's intents (saved: old) followed by the cards not saved yet (new). */
function merged(saved, local) {
  const keys = new Set(saved.map(intentKey))
  return [...saved.map((intent) => ({ ...intent, key: intentKey(intent), status: 'old' })),
    ...local.filter((intent) => intent.status === 'new' && !keys.has(intent.key))]
}

export default function ConfigStep({ page, projectId, intentType, onIntents, onBack, onDone }) {
  const { t, i18n } = useTranslation()
  const showAlert = useFeedbackStore((s) => s.showAlert)
  const [catalogue, setCatalogue] = useState(null)
  const [categories, setCategories] = useState([])
  const [intents, setIntents] = useState([])
  const [picked, setPicked] = useState(null)
  const [failure, setFailure] = useState(null) // { messageKey, retry }
  const [toRemove, setToRemove] = useState(null)
  const [training, setTraining] = useState(false)
  const pageId = page.idPage ?? page.id
  const platform = page.platform

  const show = useCallback((list) => {
    setIntents(list)
    onIntents(list)
  }, [onIntents])

  const reload = useCallback(async (local = []) => {
    const project = await wizardApi.project(projectId)
    show(merged(project?.intents ?? [], local))
  }, [projectId, show])

  const load = useCallback(async () => {
    setFailure(null)
    // The page's catalogue is asked with the intents and shown with them: arriving after, it grew every intent card
    // by its product answers' form and moved the step's buttons under a reaching pointer. It is optional: without it
    // product answers are not offered.
    const pageCatalogue = wizardApi.categories(platform, pageId).catch((error) => {
      console.warn('categories not loaded', error)
      return []
    })
    try {
      const [list, , found] = await Promise.all([wizardApi.intents(intentType), reload(), pageCatalogue])
      setCategories(Array.isArray(found) ? found : [])
      setCatalogue(Array.isArray(list) ? list : [])
    } catch (error) {
      console.warn('intents not loaded', error)
      setFailure({ messageKey: 'wizard.errors.intents', retry: load })
    }
  }, [intentType, reload, platform, pageId])

  useEffect(() => {
    load()
  }, [load])

  /** Runs a server change, then shows the project as it is; a failure shows its message with a Retry. */
  async function attempt(messageKey, call) {
    setFailure(null)
    try {
      const outcome = await call()
      await reload(intents)
      return outcome ?? true
    } catch (error) {
      console.warn(messageKey, error)
      // The server's refusals of a choice are said as such; trying again would be refused again.
      if (REFUSALS[error.code]) showAlert(REFUSALS[error.code])
      else setFailure({ messageKey, retry: () => attempt(messageKey, call) })
      return false
    }
  }

  function pick(key) {
    setPicked(null)
    const entry = catalogue.find((item) => intentKey(item) === key)
    if (!entry) return
    const refusal = intentRefusal(entry, intents, page.whiteSet)
    if (refusal) return showAlert(refusal)
    show([...intents, { key: intentKey(entry), name: entry.intent ?? entry.name, name_fr: entry.intent_fr,
      status: 'new', genericAnswer: '', buttons: [], products: [] }])
  }

  const saveGeneric = (intent, body) => {
    const payload = { intent: intent.key, ...body }
    return intent.status === 'new'
      ? attempt('wizard.errors.genericSave', () => wizardApi.genericAdd(projectId, payload))
      : attempt('wizard.errors.genericUpdate', () => wizardApi.genericUpdate(projectId, payload))
  }

  async function remove(intent) {
    setToRemove(null)
    if (intent.status === 'new') return show(intents.filter((item) => item.key !== intent.key))
    await attempt('wizard.errors.removeIntent', () => wizardApi.removeIntent(projectId, intent.key))
  }

  const answerBody = (intent, product, { answer, answers, buttons }) => ({ idPage: String(pageId), typePage: platform,
    entity: product, intent: intent.key, genericAnswer: intent.genericAnswer ?? '', specificAnswer: answer, answers,
    buttons })

  async function addProduct(intent, { product, category, ...written }) {
    const body = { ...answerBody(intent, product, written), categorie: category }
    const outcome = await attempt('wizard.errors.productSave', async () => {
      const first = await wizardApi.firstUpdate(projectId, body)
      // 'not exist': the product is not in the page's catalogue yet; update() adds it to the category.
      return first === 'not exist' ? wizardApi.update(projectId, body) : first
    })
    if (outcome === 'exist') {
      showAlert('wizard.errors.productExists')
      return false
    }
    return Boolean(outcome)
  }

  const editProduct = (intent, old, written) =>
    attempt('wizard.errors.productSave',
      () => wizardApi.entitiesUpdate(projectId, answerBody(intent, old.product, written)))

  const removeProduct = (intent, answer) =>
    attempt('wizard.errors.removeAnswer', () => wizardApi.removeAnswer(projectId, intent.key, answer._id))

  async function next() {
    const saved = intents.filter((intent) => intent.status === 'old')
    if (saved.length === 0) return showAlert('wizard.errors.atLeastOneIntent')
    setTraining(true)
    setFailure(null)
    try {
      await wizardApi.train(intentType === GENERIC, {
        intents: saved.map((intent) => intent.key).join(','),
        entiti: [...new Set(saved.flatMap((intent) => (intent.products ?? []).map((p) => p.product)))].join(','),
        idProject: projectId,
      })
      onDone()
    } catch (error) {
      console.warn('training not asked', error)
      setFailure({ messageKey: 'wizard.errors.training', retry: next })
    } finally {
      setTraining(false)
    }
  }

  const { disableQuiz, disableIntents } = exclusions(intents)
  const priceOff = (entry) => isPrice(entry) && !page.whiteSet
  const options = (catalogue ?? []).map((entry) => ({
    value: intentKey(entry),
    label: priceOff(entry) ? t('priceIntent.optionOff', { label: intentLabel(entry, i18n.language) })
      : intentLabel(entry, i18n.language),
    disabled: priceOff(entry) || (isQuiz(entry) ? disableQuiz : disableIntents),
  }))

  return (
    <Stack gap="md">
      <RetryAlert messageKey={failure?.messageKey} onRetry={failure?.retry} onClose={() => setFailure(null)} />
      {!catalogue ? (!failure && <Loader aria-label={t('common.loading')} />) : (
        <>
          <Paper withBorder radius="md" p="md" className="wizard__picker">
            <Select label={t('wizard.config.pickIntent')} placeholder={t('wizard.config.pickPlaceholder')} data={options}
              value={picked} onChange={pick} searchable nothingFoundMessage="—" maw={360} />
            {(catalogue ?? []).some(priceOff) && <PriceHint page={page} />}
          </Paper>
          {intents.length === 0 && <Text c="dimmed">{t('wizard.config.noIntent')}</Text>}
          {intents.map((intent) => (
            <IntentCard key={`${intent.key}-${intent.status}`} intent={intent} platform={platform} categories={categories}
              onSaveGeneric={saveGeneric} onRemove={setToRemove} onAddProduct={addProduct} onEditProduct={editProduct}
              onRemoveProduct={removeProduct} />
          ))}
        </>
      )}
      <StepActions onBack={onBack} onNext={next} loading={training} draft={false} />
      <ConfirmModal onConfirm={() => remove(toRemove)} onCancel={() => setToRemove(null)}
        request={toRemove && { title: intentLabel(toRemove, i18n.language), textKey: 'wizard.config.removeConfirm',
          values: { name: intentLabel(toRemove, i18n.language) }, confirmKey: 'wizard.config.remove', danger: true }} />
    </Stack>
  )
}
