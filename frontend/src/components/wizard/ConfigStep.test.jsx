import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import i18n from '../../i18n'
import AlertDialog from '../feedback/AlertDialog'
import { renderWithProviders } from '../../test/renderApp'
import ConfigStep from './ConfigStep'
import { wizardApi } from '../../api/wizard'
import { stubCalls } from '../../test/stubCalls'

stubCalls(wizardApi, 'intents', 'project', 'categories', 'genericAdd', 'genericUpdate', 'removeIntent', 'removeAnswer',
  'firstUpdate', 'update', 'entitiesUpdate', 'train')

const PHONE_MESSAGE = 'Write + and the country code, then the number (6 to 15 digits), e.g. +21671000000'

const CATALOGUE = [
  { name: 'price', intent: 'Price', intent_fr: 'Prix' },
  { name: 'delivery', intent: 'Delivery', intent_fr: 'Livraison' },
  { name: 'quiz', intent: 'Quiz', intent_fr: 'Quiz' },
]
const savedIntent = (key, name, answer, products = []) =>
  ({ _id: 1, key, name, name_fr: name, status: 'old', genericAnswer: answer, buttons: [], products })

let serverIntents
beforeEach(() => {
  serverIntents = []
  wizardApi.intents.mockResolvedValue(CATALOGUE)
  wizardApi.project.mockImplementation(async () => ({ _id: 7, intents: serverIntents }))
  wizardApi.categories.mockResolvedValue([{ _id: 'c1', name: 'Robes', children: [{ _id: 'p1', content: 'caftan', synonyms: [] }] }])
})
afterEach(() => vi.clearAllMocks())

function renderStep(page = { idPage: '99', platform: 'facebook', whiteSet: false }) {
  const onDone = vi.fn()
  renderWithProviders(
    <>
      <ConfigStep page={page} projectId={7} intentType="default" onIntents={() => {}} onBack={() => {}} onDone={onDone} />
      <AlertDialog />
    </>,
  )
  return { onDone }
}

async function openPicker() {
  fireEvent.click(await screen.findByRole('combobox', { name: 'Add an intent' }))
}
const option = (name) => screen.getByRole('option', { name })
const okay = () => fireEvent.click(screen.getByRole('button', { name: 'Okay' }))

// Many Mantine comboboxes per test: a loaded machine needs more than the default 5 s.
describe('configuration step (spec 001 §4, §5)', { timeout: 20000 }, () => {
  it('needs at least one saved intent before Next', async () => {
    const { onDone } = renderStep()
    await screen.findByText(/No intent yet/)
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('You have to add at least one intent !')).toBeTruthy()
    expect(wizardApi.train).not.toHaveBeenCalled()
    expect(onDone).not.toHaveBeenCalled()
  })

  it('greys Price unless the page is white-set, saying why and how to ask for it, and Quiz once another intent is chosen', async () => {
    renderStep()
    await openPicker()
    expect(option('Price (not allowed on this page yet)').getAttribute('data-combobox-disabled')).toBe('true')
    expect(screen.getByText(/Price is off for this page: an agent quoting prices must first be checked/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Ask to allow Price' })).toBeTruthy()
    expect(option('Quiz').getAttribute('data-combobox-disabled')).toBeNull()
    fireEvent.click(option('Delivery'))
    await screen.findByText('Delivery', { selector: 'p' })
    await openPicker()
    expect(option('Quiz').getAttribute('data-combobox-disabled')).toBe('true')
    fireEvent.click(option('Delivery'))
    expect(await screen.findByText('This intent is already selected')).toBeTruthy()
  })

  it('greys every other intent once Quiz is chosen', async () => {
    renderStep({ idPage: '99', platform: 'facebook', whiteSet: true })
    await openPicker()
    expect(option('Price').getAttribute('data-combobox-disabled')).toBeNull()
    fireEvent.click(option('Quiz'))
    await screen.findByText('Quiz', { selector: 'p' })
    await openPicker()
    expect(option('Price').getAttribute('data-combobox-disabled')).toBe('true')
    expect(option('Delivery').getAttribute('data-combobox-disabled')).toBe('true')
  })

  it('saves the generic response first, then updates it; an empty one is refused', async () => {
    renderStep()
    await openPicker()
    fireEvent.click(option('Delivery'))
    const card = (await screen.findByText('Delivery', { selector: 'p' })).closest('.wizard__intent')
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The generic response cannot be empty')).toBeTruthy()
    okay()
    fireEvent.change(within(card).getByLabelText('Generic response'), { target: { value: 'Livraison en 48 h' } })
    wizardApi.genericAdd.mockImplementation(async () => {
      serverIntents = [savedIntent('delivery', 'Delivery', 'Livraison en 48 h')]
    })
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(wizardApi.genericAdd).toHaveBeenCalledWith(7,
      { intent: 'delivery', genericAnswer: 'Livraison en 48 h', answers: {}, buttons: [] }))
    const saved = (await screen.findByRole('button', { name: 'Saved' })).closest('.wizard__intent')
    fireEvent.change(within(saved).getByLabelText('Generic response'), { target: { value: 'Livraison en 24 h' } })
    wizardApi.genericUpdate.mockResolvedValue({})
    fireEvent.click(within(saved).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(wizardApi.genericUpdate).toHaveBeenCalledWith(7,
      { intent: 'delivery', genericAnswer: 'Livraison en 24 h', answers: {}, buttons: [] }))
    expect(wizardApi.genericAdd).toHaveBeenCalledTimes(1)
  })

  it("says the server's refusal of a choice without a Retry, and a failed save with one", async () => {
    const { ApiError } = await import('../../api/errors')
    renderStep()
    await openPicker()
    fireEvent.click(option('Delivery'))
    const card = (await screen.findByText('Delivery', { selector: 'p' })).closest('.wizard__intent')
    fireEvent.change(within(card).getByLabelText('Generic response'), { target: { value: 'Oui' } })
    wizardApi.genericAdd.mockRejectedValueOnce(new ApiError('Quiz cannot be combined', { code: 'quiz_alone', status: 422 }))
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Quiz cannot be combined with other intents')).toBeTruthy()
    okay()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    wizardApi.genericAdd.mockRejectedValueOnce(new ApiError('Network error')).mockImplementationOnce(async () => {
      serverIntents = [savedIntent('delivery', 'Delivery', 'Oui')]
    })
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Error while saving the generic response. Try Again !')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeTruthy()
    expect(wizardApi.genericAdd).toHaveBeenCalledTimes(3)
  })

  it('says an incomplete button under its fields when Save is tried, and saves nothing', async () => {
    renderStep()
    await openPicker()
    fireEvent.click(option('Delivery'))
    const card = (await screen.findByText('Delivery', { selector: 'p' })).closest('.wizard__intent')
    fireEvent.change(within(card).getByLabelText('Generic response'), { target: { value: 'Oui' } })
    fireEvent.click(within(card).getByRole('button', { name: '+ Add a button' }))
    expect(within(card).queryByText('Button title is empty !')).toBeNull()
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    expect(await within(card).findByText('Button title is empty !')).toBeTruthy()
    expect(within(card).getByText('Button url is empty!')).toBeTruthy()
    expect(within(card).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true')
    expect(wizardApi.genericAdd).not.toHaveBeenCalled()
  })

  // Issue 38: a phone number Meta refuses made every private reply of the agent fail.
  it('says a phone number Meta would refuse under it, saves nothing, then saves it written as Meta takes it', async () => {
    renderStep()
    await openPicker()
    fireEvent.click(option('Delivery'))
    const card = (await screen.findByText('Delivery', { selector: 'p' })).closest('.wizard__intent')
    fireEvent.change(within(card).getByLabelText('Generic response'), { target: { value: 'Appelez-nous' } })
    fireEvent.click(within(card).getByRole('button', { name: '+ Add a button' }))
    fireEvent.change(within(card).getByLabelText('Title'), { target: { value: 'Appeler' } })
    fireEvent.click(within(card).getByRole('radio', { name: 'Phone' }))
    const number = within(card).getByLabelText('Phone number', { selector: 'input' })
    fireEvent.focus(number)
    fireEvent.change(number, { target: { value: '71000000' } })
    expect(within(card).queryByText(PHONE_MESSAGE)).toBeNull() // not while it is being typed
    fireEvent.blur(number)
    expect(within(card).getByText(PHONE_MESSAGE)).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    expect(wizardApi.genericAdd).not.toHaveBeenCalled()
    fireEvent.change(number, { target: { value: '+216 71 000 000' } })
    expect(within(card).queryByText(PHONE_MESSAGE)).toBeNull()
    wizardApi.genericAdd.mockResolvedValue({})
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(wizardApi.genericAdd).toHaveBeenCalledWith(7, { intent: 'delivery',
      genericAnswer: 'Appelez-nous', answers: {},
      buttons: [{ type: 'phone_number', title: 'Appeler', payload: '+21671000000' }] }))
    await waitFor(() => expect(number.value).toBe('+21671000000')) // shown as it is saved
  })

  it('flags a saved button Meta would refuse as soon as the agent opens, in French too', async () => {
    await i18n.changeLanguage('fr')
    try {
      serverIntents = [{ ...savedIntent('delivery', 'Delivery', 'Appelez-nous'),
        buttons: [{ type: 'phone_number', title: 'Appeler', payload: '21671000000' }],
        products: [{ _id: 3, product: 'caftan', preAnswer: '180 DT', buttons: [{ type: 'web_url', title: 'Voir',
          url: 'shop.tn/caftan', webview_height_ratio: 'tall' }] }] }]
      renderStep()
      const card = (await screen.findByRole('button', { name: 'Enregistrée' })).closest('.wizard__intent')
      expect(within(card).getByText(/Écrivez \+ et l'indicatif du pays/)).toBeTruthy()
      expect(within(card).getByText('Un bouton de cette réponse ne peut pas être envoyé : modifiez-la')).toBeTruthy()
      fireEvent.click(within(card).getByRole('button', { name: 'Modifier' }))
      expect(await within(card).findByText("Écrivez l'adresse complète, qui commence par https:// ou http://")).toBeTruthy()
    } finally {
      await i18n.changeLanguage('en')
    }
  })

  it("says a product that already has an answer exists, and asks for training on Next", async () => {
    serverIntents = [savedIntent('delivery', 'Delivery', 'Livraison en 48 h',
      [{ _id: 3, product: 'robe longue', preAnswer: 'x', buttons: [] }])]
    const { onDone } = renderStep()
    const card = (await screen.findByRole('button', { name: 'Saved' })).closest('.wizard__intent')
    fireEvent.click(within(card).getByRole('combobox', { name: 'Category' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Robes' }))
    fireEvent.click(within(card).getByRole('combobox', { name: 'Product' }))
    fireEvent.click(await screen.findByRole('option', { name: 'caftan' }))
    fireEvent.click(within(card).getByRole('button', { name: 'Add the product answer' }))
    expect(await screen.findByText('A product and a specific answer are both required')).toBeTruthy()
    okay()
    fireEvent.change(within(card).getByLabelText('Specific answer'), { target: { value: '180 DT' } })
    wizardApi.firstUpdate.mockResolvedValue('exist')
    fireEvent.click(within(card).getByRole('button', { name: 'Add the product answer' }))
    expect(await screen.findByText('This product already has an answer for this intent')).toBeTruthy()
    expect(wizardApi.firstUpdate).toHaveBeenCalledWith(7, expect.objectContaining({ entity: 'caftan', intent: 'delivery',
      specificAnswer: '180 DT', categorie: 'Robes', idPage: '99', typePage: 'facebook' }))
    okay()
    wizardApi.train.mockResolvedValue({ status: 'queued' })
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(wizardApi.train).toHaveBeenCalledWith(false, { intents: 'delivery', entiti: 'robe longue', idProject: 7 })
  })

  it("shows the intents with their product answers at once, the page's catalogue asked beside them", async () => {
    serverIntents = [savedIntent('delivery', 'Delivery', 'Livraison en 48 h')]
    let answerCategories
    wizardApi.categories.mockReturnValue(new Promise((resolve) => { answerCategories = resolve }))
    renderStep()
    // Asked together: the intents have answered, the catalogue not yet, and the step still loads.
    await waitFor(() => expect(wizardApi.project).toHaveBeenCalled())
    expect(wizardApi.categories).toHaveBeenCalledWith('facebook', '99')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByLabelText('Loading…')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Saved' })).toBeNull()
    answerCategories([{ _id: 'c1', name: 'Robes', children: [] }])
    const card = (await screen.findByRole('button', { name: 'Saved' })).closest('.wizard__intent')
    expect(within(card).getByRole('combobox', { name: 'Category' })).toBeTruthy()
  })

  it("offers no product answers when the page's catalogue cannot be read, and shows the intents all the same", async () => {
    serverIntents = [savedIntent('delivery', 'Delivery', 'Livraison en 48 h')]
    wizardApi.categories.mockRejectedValue(new Error('down'))
    renderStep()
    const card = (await screen.findByRole('button', { name: 'Saved' })).closest('.wizard__intent')
    expect(within(card).getByText("The page's catalogue has no product yet (Manage products).")).toBeTruthy()
    expect(within(card).queryByRole('combobox', { name: 'Category' })).toBeNull()
  })
})
