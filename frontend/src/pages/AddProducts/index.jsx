/** /home/add-new-products: a new category of the selected page with its products (spec 001 §2 "Add category", §5):
 *  the name is confirmed with Enter, the product input stays disabled until then; a product is appended with no
 *  synonym, synonyms are added with Enter. Saving sends the whole category; a string answer is shown for 2 s. */
import { ActionIcon, Button, CloseButton, Group, Paper, Pill, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { catalogueApi } from '../../api/catalogue'
import LineIcon from '../../components/agents/icons'
import CatalogueAlert from '../../components/catalogue/CatalogueAlert'
import { cataloguePageOf, cleanName, nameTaken } from '../../components/catalogue/catalogueRules'
import NoPage from '../../components/catalogue/NoPage'
import PageHeader from '../../components/catalogue/PageHeader'
import Page from '../../components/layout/Page'
import { useCatalogueStore } from '../../stores/catalogue'
import { useSessionStore } from '../../stores/session'

const NAME_MAX = 255

const onEnter = (action) => (event) => {
  if (event.key !== 'Enter') return
  event.preventDefault()
  action()
}

export default function AddProductsPage() {
  const { t } = useTranslation()
  const page = cataloguePageOf(useSessionStore((s) => s.selectedPage))
  const { change, flash } = useCatalogueStore()
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [confirmedName, setConfirmedName] = useState(null)
  const [product, setProduct] = useState('')
  const [products, setProducts] = useState([])
  const [saving, setSaving] = useState(false)

  if (!page) return <NoPage titleKey="catalogue.add.title" />

  function confirmName() {
    if (!cleanName(name)) return flash({ key: 'catalogue.refusals.nameRequired' })
    setConfirmedName(cleanName(name))
  }

  function addProduct() {
    const content = cleanName(product)
    if (!content) return
    if (nameTaken(products.map((p) => p.content), content)) return flash({ key: 'catalogue.refusals.productExists' })
    setProducts([...products, { content, synonyms: [] }])
    setProduct('')
  }

  function addSynonym(index, synonym) {
    const value = cleanName(synonym)
    const target = products[index]
    if (!value) return false
    if (nameTaken(target.synonyms, value)) {
      flash({ key: 'catalogue.refusals.synonymExists' })
      return false
    }
    setProducts(products.map((p, i) => (i === index ? { ...p, synonyms: [...p.synonyms, value] } : p)))
    return true
  }

  const removeSynonym = (index, synonym) =>
    setProducts(products.map((p, i) => (i === index ? { ...p, synonyms: p.synonyms.filter((s) => s !== synonym) } : p)))

  async function save() {
    setSaving(true)
    const saved = await change(() => catalogueApi.addCategory(page.platform, page.id, confirmedName, products),
      'catalogue.errors.addCategory')
    setSaving(false)
    if (saved) navigate('/home/manage-products')
  }

  return (
    <Page maw={1000}>
      <Title order={1} mb="xs">{t('catalogue.add.title')}</Title>
      <PageHeader page={page} />
      <CatalogueAlert />
      <Paper withBorder radius="md" p="md" mb="md">
        {confirmedName === null ? (
          <TextInput label={t('catalogue.add.name')} description={t('catalogue.add.nameHelp')} value={name} maxLength={NAME_MAX}
            onChange={(e) => setName(e.currentTarget.value)} onKeyDown={onEnter(confirmName)} className="catalogue__name" data-autofocus />
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} fz="lg" className="catalogue__confirmedName" style={{ overflowWrap: 'anywhere' }}>{confirmedName}</Text>
            <ActionIcon variant="subtle" aria-label={t('catalogue.add.editName')} onClick={() => setConfirmedName(null)}>
              <LineIcon name="edit" />
            </ActionIcon>
          </Group>
        )}
        <Group align="flex-end" gap="sm" mt="md" wrap="wrap">
          <TextInput label={t('catalogue.add.product')} value={product} maxLength={NAME_MAX} disabled={confirmedName === null}
            description={confirmedName === null ? t('catalogue.add.productHelp') : undefined}
            onChange={(e) => setProduct(e.currentTarget.value)} onKeyDown={onEnter(addProduct)}
            style={{ flex: '1 1 220px' }} className="catalogue__product" />
          <Button onClick={addProduct} disabled={confirmedName === null || !cleanName(product)}>{t('catalogue.add.addProduct')}</Button>
        </Group>
      </Paper>

      <Stack gap="sm" mb="lg">
        {products.length === 0 && <Text c="dimmed">{t('catalogue.add.noProducts')}</Text>}
        {products.map((p, index) => (
          <DraftProduct key={p.content} product={p} onAddSynonym={(value) => addSynonym(index, value)}
            onRemoveSynonym={(value) => removeSynonym(index, value)}
            onRemove={() => setProducts(products.filter((_, i) => i !== index))} />
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate('/home/manage-products')}>{t('common.cancel')}</Button>
        <Button onClick={save} loading={saving} disabled={confirmedName === null} className="catalogue__save">
          {t('catalogue.add.save')}
        </Button>
      </Group>
    </Page>
  )
}

function DraftProduct({ product, onAddSynonym, onRemoveSynonym, onRemove }) {
  const { t } = useTranslation()
  const [synonym, setSynonym] = useState('')
  return (
    <Paper withBorder radius="md" p="sm" data-product={product.content}>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{product.content}</Text>
        <CloseButton aria-label={t('catalogue.add.removeProduct', { name: product.content })} onClick={onRemove} />
      </Group>
      <Group gap={6} mb={6} wrap="wrap">
        {product.synonyms.map((value) => (
          <Pill key={value} withRemoveButton onRemove={() => onRemoveSynonym(value)} maw="100%">{value}</Pill>
        ))}
      </Group>
      <TextInput size="xs" placeholder={t('catalogue.add.synonym')} aria-label={t('catalogue.add.synonym')}
        description={t('catalogue.add.synonymHelp')} value={synonym} maxLength={NAME_MAX} maw={320}
        onChange={(e) => setSynonym(e.currentTarget.value)}
        onKeyDown={onEnter(() => onAddSynonym(synonym) && setSynonym(''))} className="catalogue__synonym" />
    </Paper>
  )
}
