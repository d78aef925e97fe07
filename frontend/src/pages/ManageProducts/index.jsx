/** /home/manage-products: the selected page's categories (spec 001 §2 "Manage products"): each with its count of
 *  products, a search by name, an empty state, delete for an empty category only (a hint on the others), CSV
 *  import and export. The list loads 2000 ms after the page is selected, so a page chosen earlier (every later
 *  visit) loads at once (issue 42: no artificial wait); skeleton rows stand in while it loads, and a list read
 *  before shows at once while it is read again. Entering resets the wizard (spec 001 §2 "Wizard"). */
import { ActionIcon, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip }
  from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { catalogueApi } from '../../api/catalogue'
import LineIcon from '../../components/agents/icons'
import CatalogueAlert from '../../components/catalogue/CatalogueAlert'
import { CATEGORY_LOAD_DELAY_MS, cataloguePageOf, matchingCategories } from '../../components/catalogue/catalogueRules'
import ConfirmModal from '../../components/common/ConfirmModal'
import { LoadError } from '../../components/common/Loaded'
import CsvButtons from '../../components/catalogue/CsvButtons'
import NoPage from '../../components/catalogue/NoPage'
import PageHeader from '../../components/catalogue/PageHeader'
import Page from '../../components/layout/Page'
import { useCatalogueStore } from '../../stores/catalogue'
import { useSessionStore } from '../../stores/session'
import { useWizardStore } from '../../stores/wizard'

export default function ManageProductsPage() {
  const { t } = useTranslation()
  const page = cataloguePageOf(useSessionStore((s) => s.selectedPage))
  const pageId = page?.id
  const platform = page?.platform
  const selectedAt = useSessionStore((s) => s.selectedAt)
  const { categories, loaded, error, load, change, selectCategory, pageKey } = useCatalogueStore()
  const [search, setSearch] = useState('')
  const [toDelete, setToDelete] = useState(null)
  const [deleting, setDeleting] = useState(false)
  const navigate = useNavigate()

  useEffect(() => useWizardStore.getState().resetAll(), [])

  // spec 001 §2, §9: the list loads 2000 ms after a page is selected: what is left of them, none on a later visit.
  useEffect(() => {
    if (!pageId) return undefined
    const timer = setTimeout(() => load({ id: pageId, platform }),
      Math.max(0, (selectedAt ?? 0) + CATEGORY_LOAD_DELAY_MS - Date.now()))
    return () => clearTimeout(timer)
  }, [pageId, platform, load, selectedAt])

  if (!page) return <NoPage titleKey="catalogue.manage.title" />

  const ours = pageKey === `${platform}:${pageId}`
  const ready = ours && loaded && !error
  const shown = matchingCategories(categories, search)

  function open(category) {
    selectCategory(category)
    navigate('/home/update-products')
  }

  async function remove() {
    setDeleting(true)
    await change(() => catalogueApi.removeCategory(platform, pageId, toDelete), 'catalogue.errors.deleteCategory')
    setDeleting(false)
    setToDelete(null)
  }

  return (
    <Page maw={1100}>
      <Title order={1} mb="xs">{t('catalogue.manage.title')}</Title>
      <PageHeader page={page} />
      <CatalogueAlert />
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <TextInput label={t('catalogue.manage.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px', maxWidth: 420 }} className="catalogue__search" />
        <Button component={Link} to="/home/add-new-products" className="catalogue__add">{t('catalogue.manage.add')}</Button>
      </Group>
      <Paper withBorder radius="md" p="sm" mb="md">
        <CsvButtons page={page} />
      </Paper>

      {!ready && !(ours && error) && <LoadingRows label={t('catalogue.manage.loading')} />}
      {ours && error && (
        <LoadError messageKey="catalogue.manage.loadError" onRetry={() => load({ id: pageId, platform })} />
      )}
      {ready && categories.length === 0 && (
        <Paper withBorder radius="md" p="xl" ta="center" className="catalogue__empty">
          <Stack align="center" gap="sm">
            <LineIcon name="post" size={40} />
            <Text>{t('catalogue.manage.empty')}</Text>
            <Button component={Link} to="/home/add-new-products">{t('catalogue.manage.add')}</Button>
          </Stack>
        </Paper>
      )}
      {ready && categories.length > 0 && shown.length === 0 && (
        <Text c="dimmed" className="catalogue__noMatch" style={{ overflowWrap: 'anywhere' }}>
          {t('catalogue.manage.noMatch', { search: search.trim() })}
        </Text>
      )}
      {ready && shown.length > 0 && (
        <Table striped highlightOnHover verticalSpacing="sm" className="catalogue__categories">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('catalogue.manage.category')}</Table.Th>
              <Table.Th>{t('catalogue.manage.products')}</Table.Th>
              <Table.Th w={70}>{t('catalogue.manage.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((category) => (
              <CategoryRow key={category._id} category={category} onOpen={open} onDelete={setToDelete} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmModal busy={deleting} onConfirm={remove} onCancel={() => setToDelete(null)}
        request={toDelete && { titleKey: 'catalogue.manage.deleteTitle', textKey: 'catalogue.manage.deleteConfirm',
          values: { name: toDelete.name }, danger: true }} />
    </Page>
  )
}

/** Three rows the shape of the list's, while it loads: the screen keeps its place and says what is coming. */
function LoadingRows({ label }) {
  return (
    <Stack gap="sm" className="catalogue__loading" aria-busy="true" aria-label={label} role="status">
      {[0, 1, 2].map((row) => (
        <Group key={row} gap="md" wrap="nowrap">
          <Skeleton height={18} radius="sm" style={{ flex: 3 }} />
          <Skeleton height={18} radius="sm" style={{ flex: 2 }} />
          <Skeleton height={28} width={34} radius="sm" />
        </Group>
      ))}
    </Stack>
  )
}

function CategoryRow({ category, onOpen, onDelete }) {
  const { t } = useTranslation()
  const count = category.children?.length ?? 0
  const empty = count === 0
  const label = empty ? t('catalogue.manage.delete', { name: category.name }) : t('catalogue.manage.notEmptyHint')
  return (
    <Table.Tr data-category={category.name}>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Anchor component="button" type="button" fw={600} ta="left" onClick={() => onOpen(category)}
          aria-label={t('catalogue.manage.open', { name: category.name })} style={{ overflowWrap: 'anywhere' }}>
          {category.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} className="catalogue__count">{t('catalogue.manage.count', { count })}</Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={label} withArrow multiline maw={240} events={{ hover: true, focus: true, touch: true }}>
          <ActionIcon variant="light" color={empty ? 'red' : 'gray'} size="lg" aria-disabled={!empty}
            aria-label={t('catalogue.manage.delete', { name: category.name })} data-empty={empty}
            style={empty ? undefined : { opacity: 0.5, cursor: 'not-allowed' }}
            onClick={() => empty && onDelete(category)}>
            <LineIcon name="remove" />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  )
}
