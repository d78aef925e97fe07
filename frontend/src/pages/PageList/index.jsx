/** The pages screen (spec 000 §2 "Pages screen", §4): the user's Facebook pages and Instagram accounts grouped by
 *  status, filtered by platform and role (each filter change shows the 1500 ms loading state), connect, and the
 *  owner's settings and disconnect on the cards. A click on a connected page selects it for the dashboard. The free
 *  offer's refusal of a connection leads to the plans (FreeOfferModal), and the payment back to the connection. */
import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { pagesApi } from '../../api/pages'
import Spinner from '../../components/feedback/Spinner'
import Page from '../../components/layout/Page'
import FreeOfferModal from '../../components/pages/FreeOfferModal'
import PageCard from '../../components/pages/PageCard'
import PageRow from '../../components/pages/PageRow'
import { LOADING_MS, groupsFor, groupsOfRole, selectedPageOf } from '../../components/pages/pageModel'
import usePages from '../../components/pages/usePages'
import { useFeedbackStore } from '../../stores/feedback'
import { useSessionStore } from '../../stores/session'

export default function PageListPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { data, loading, reload } = usePages()
  const [platform, setPlatform] = useState('all')
  const [role, setRole] = useState('all')
  const [filtering, setFiltering] = useState(false)
  const [connecting, setConnecting] = useState(null)
  const [refused, setRefused] = useState(null)
  const timer = useRef(null)
  const selectPage = useSessionStore((s) => s.selectPage)
  const selectedId = useSessionStore((s) => s.selectedPage?.id)

  useEffect(() => () => clearTimeout(timer.current), [])

  function filter(change) {
    change()
    setFiltering(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setFiltering(false), LOADING_MS)
  }

  async function connect(page) {
    setConnecting(`${page.platform}-${page.idPage}`)
    try {
      const answer = await pagesApi.connect(page.platform, page.idPage)
      if (answer === true) {
        useFeedbackStore.getState().toast('pageCards.connected', 'success')
        await reload()
      } else {
        setRefused(page)
      }
    } catch (e) {
      console.warn('page not connected', e)
      useFeedbackStore.getState().toast('pageCards.errors.connect', 'error')
    } finally {
      setConnecting(null)
    }
  }

  function select(page) {
    selectPage(selectedPageOf(page))
    navigate('/home/dashboard')
  }

  const groups = groupsFor(data, platform)
  const shown = groupsOfRole(role).filter((group) => groups[group].length > 0)
  const busy = (loading && !data) || filtering

  return (
    <Page maw={1200} className="page-list">
      <Title order={1} mb="md">{t('pages.pageList.title')}</Title>
      {/* Each filter says what it filters, so its "All" is never a second, unexplained one. */}
      <Group gap="md" mb="lg" wrap="wrap" align="flex-end">
        <Filter label={t('pageCards.filters.platform')}>
          <SegmentedControl value={platform} onChange={(value) => filter(() => setPlatform(value))}
            aria-label={t('pageCards.filters.platform')}
            data={['all', 'facebook', 'instagram'].map((value) => ({ value, label: t(`pageCards.filters.${value}`) }))} />
        </Filter>
        <Filter label={t('pageCards.filters.role')}>
          <SegmentedControl value={role} onChange={(value) => filter(() => setRole(value))}
            aria-label={t('pageCards.filters.role')}
            data={['all', 'owner', 'invited'].map((value) => ({ value, label: t(`pageCards.filters.${value === 'all' ? 'allRoles' : value}`) }))} />
        </Filter>
      </Group>
      {busy ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <Text c="dimmed">{t('pageCards.empty')}</Text>
      ) : (
        <Stack gap="xl">
          {shown.map((group) => (
            <section key={group} aria-labelledby={`group-${group}`} className="page-group" data-group={group}>
              <Title order={2} id={`group-${group}`} mb="sm">
                {t(`pageCards.groups.${group}`)} <Text span c="dimmed" fz="md">({groups[group].length})</Text>
              </Title>
              <PageRow label={t(`pageCards.groups.${group}`)} pages={groups[group]} renderCard={(page) => (
                <PageCard page={page} onChanged={reload} onConnect={connect} onSelect={select}
                  connecting={connecting === `${page.platform}-${page.idPage}`}
                  selected={selectedId === page.idPage} />
              )} />
            </section>
          ))}
        </Stack>
      )}
      <FreeOfferModal page={refused} onClose={() => setRefused(null)} />
    </Page>
  )
}

function Filter({ label, children }) {
  return (
    <Stack gap={4} className="page-list__filter">
      <Text size="sm" fw={600} c="dimmed" aria-hidden="true">{label}</Text>
      {children}
    </Stack>
  )
}
