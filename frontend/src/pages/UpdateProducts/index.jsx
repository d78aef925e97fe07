/** /home/update-products: the category chosen on My products (spec 001 §2 "Update category"): the page (picture,
 *  platform, name), the category name (edit icon, Enter saves), a new product with its button, a search of the
 *  products by content (a no-results message quoting it), an empty state with a way back, and the products' table
 *  with inline changes, each confirmed in a modal. Without a selected page (or category) it goes back to My products. */
import { ActionIcon, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router-dom'
import { catalogueApi } from '../../api/catalogue'
import LineIcon from '../../components/agents/icons'
import CatalogueAlert from '../../components/catalogue/CatalogueAlert'
import { cataloguePageOf, cleanName, matchingProducts } from '../../components/catalogue/catalogueRules'
import ConfirmModal from '../../components/common/ConfirmModal'
import PageHeader from '../../components/catalogue/PageHeader'
import ProductRow from '../../components/catalogue/ProductRow'
import Spinner from '../../components/feedback/Spinner'
import Page from '../../components/layout/Page'
import { useCatalogueStore } from '../../stores/catalogue'
import { useSessionStore } from '../../stores/session'

const NAME_MAX = 255
const BACK = '/home/manage-products'

export default function UpdateProductsPage() {
  const { t } = useTranslation()
  const page = cataloguePageOf(useSessionStore((s) => s.selectedPage))
  const { categories, loaded, loading, pageKey, selectedCategoryId, load, change } = useCatalogueStore()
  const [search, setSearch] = useState('')
  const [newProduct, setNewProduct] = useState('')
  const [request, setRequest] = useState(null)
  const [busy, setBusy] = useState(false)
  const samePage = page && pageKey === `${page.platform}:${page.id}`

  // After a reload the categories are fetched again (only the selected category's id was kept).
  useEffect(() => {
    if (page && (!samePage || !loaded)) load({ id: page.id, platform: page.platform })
  }, [page?.id, page?.platform]) // eslint-disable-line react-hooks/exhaustive-deps

  if (!page || !selectedCategoryId) return <Navigate to={BACK} replace />
  if (!samePage || (!loaded && loading)) return <Spinner />
  const category = categories.find((c) => c._id === selectedCategoryId)
  if (!category) return <Navigate to={BACK} replace />

  const products = category.children ?? []
  const shown = matchingProducts(products, search)
  const call = (make, failureKey) => change(() => make(page.platform, page.id, category), failureKey)

  async function confirm() {
    setBusy(true)
    await request.run()
    setBusy(false)
    request.done?.()
    setRequest(null)
  }

  function cancel() {
    request?.revert?.()
    setRequest(null)
  }

  async function addProduct() {
    const content = cleanName(newProduct)
    if (!content) return
    if (await call((platform, id, c) => catalogueApi.addProduct(platform, id, c, content), 'catalogue.errors.addProduct')) {
      setNewProduct('')
    }
  }

  return (
    <Page maw={1100}>
      <Title order={1} mb="xs">{t('catalogue.update.title')}</Title>
      <PageHeader page={page} />
      <CatalogueAlert />
      <CategoryName category={category} onSave={(name) => call(
        (platform, id, c) => catalogueApi.renameCategory(platform, id, c, name), 'catalogue.errors.categoryName')} />

      <Group align="flex-end" gap="sm" my="md" wrap="wrap">
        <TextInput label={t('catalogue.update.newProduct')} value={newProduct} maxLength={NAME_MAX} style={{ flex: '1 1 200px' }}
          onChange={(e) => setNewProduct(e.currentTarget.value)} className="catalogue__newProduct"
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); addProduct() } }} />
        <Button onClick={addProduct} disabled={!cleanName(newProduct)}>{t('catalogue.update.addProduct')}</Button>
        <TextInput label={t('catalogue.update.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 200px' }} className="catalogue__productSearch" />
      </Group>

      {products.length === 0 && (
        <Paper withBorder radius="md" p="xl" className="catalogue__empty">
          <Stack align="center" gap="sm">
            <Text>{t('catalogue.update.empty')}</Text>
            <Button component={Link} to={BACK} variant="light">{t('catalogue.update.back')}</Button>
          </Stack>
        </Paper>
      )}
      {products.length > 0 && shown.length === 0 && (
        <Text c="dimmed" className="catalogue__noResults" style={{ overflowWrap: 'anywhere' }}>
          {t('catalogue.update.noResults', { search: search.trim() })}
        </Text>
      )}
      {shown.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="sm" horizontalSpacing={6} className="catalogue__products">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('catalogue.update.product')}</Table.Th>
                <Table.Th>{t('catalogue.update.synonyms')}</Table.Th>
                <Table.Th w={60}>{t('catalogue.update.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((product) => (
                <ProductRow key={product._id} product={product} ask={setRequest}
                  onRename={(name) => call((platform, id, c) => catalogueApi.renameProduct(platform, id, c, product, name),
                    'catalogue.errors.productName')}
                  onDelete={() => call((platform, id, c) => catalogueApi.removeProduct(platform, id, c, product),
                    'catalogue.errors.deleteProduct')}
                  onAddSynonym={(value) => call((platform, id, c) => catalogueApi.addSynonym(platform, id, c, product, value),
                    'catalogue.errors.addSynonym')}
                  onRemoveSynonym={(value) => call((platform, id, c) => catalogueApi.removeSynonym(platform, id, c,
                    products.indexOf(product), value), 'catalogue.errors.deleteSynonym')} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmModal request={request} busy={busy} onConfirm={confirm} onCancel={cancel} />
    </Page>
  )
}

function CategoryName({ category, onSave }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(category.name)

  async function key(event) {
    if (event.key === 'Escape') return setEditing(false)
    if (event.key !== 'Enter') return
    event.preventDefault()
    const next = cleanName(name)
    if (!next || next === category.name || await onSave(next)) setEditing(false)
  }

  if (editing) {
    return (
      <TextInput value={name} maxLength={NAME_MAX} autoFocus label={t('catalogue.update.editName')} maw={420}
        description={t('catalogue.update.nameHelp')} onChange={(e) => setName(e.currentTarget.value)} onKeyDown={key}
        onBlur={() => setEditing(false)} className="catalogue__categoryName" />
    )
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} className="catalogue__categoryTitle">{category.name}</Title>
      <ActionIcon variant="subtle" aria-label={t('catalogue.update.editName')}
        onClick={() => { setName(category.name); setEditing(true) }}>
        <LineIcon name="edit" />
      </ActionIcon>
    </Group>
  )
}
