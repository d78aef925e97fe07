/** The dashboard's connected pages and the selected page (spec 000 §2, §4): another team's page greyed and not
 *  selectable; settings and disconnect for the owner only; the selection stored in the session as the
 *  specification's "Selected page" (the stored one while still connected, else the first connected page); under it
 *  the selected page's intents and posts (spec 001 §2 "Dashboard"). */
import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import PageDashboard from '../../components/dashboard/PageDashboard'
import Spinner from '../../components/feedback/Spinner'
import PageCard from '../../components/pages/PageCard'
import PageRow from '../../components/pages/PageRow'
import PlatformIcon from '../../components/pages/PlatformIcon'
import { GROUP_ORDER, groupsFor, isSelectable, selectedPageOf } from '../../components/pages/pageModel'
import usePages from '../../components/pages/usePages'
import { useSessionStore } from '../../stores/session'

function SelectedPage({ selected }) {
  const { t } = useTranslation()
  return (
    <Paper withBorder radius="md" p="md" mt="lg" className="dashboard__selected">
      <Group gap="md" wrap="nowrap">
        <Avatar src={selected.picture_url} alt={selected.name} size={48} radius="xl" color="brand">
          {(selected.name ?? '?').slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">{t('pageCards.dashboard.selected')}</Text>
          <Group gap={6} wrap="nowrap">
            <PlatformIcon platform={selected.platform} size={16} />
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>{selected.name}</Text>
          </Group>
          <Text size="sm" c="dimmed">{t(`pageCards.status.${selected.status}`)} · {t('pageCards.dashboard.team', { count: selected.team?.length ?? 0 })}</Text>
        </Stack>
      </Group>
    </Paper>
  )
}

export default function DashboardPages() {
  const { t } = useTranslation()
  const selected = useSessionStore((s) => s.selectedPage)
  const selectPage = useSessionStore((s) => s.selectPage)
  const { data, loading, reload } = usePages({ connectedOnly: true })
  const groups = groupsFor(data, 'all')
  const pages = GROUP_ORDER.flatMap((group) => groups[group])
  const selectable = pages.filter(isSelectable)

  useEffect(() => {
    if (!data) return
    const current = selectable.find((p) => p.idPage === selected?.id && p.platform === selected?.platform)
    const next = current ?? selectable[0]
    const wanted = next ? selectedPageOf(next) : null
    if (JSON.stringify(wanted) !== JSON.stringify(selected)) selectPage(wanted)
  }, [data]) // eslint-disable-line react-hooks/exhaustive-deps

  if (loading && !data) return <Spinner />
  if (pages.length === 0) {
    return (
      <Text c="dimmed">
        {t('pageCards.dashboard.none')}{' '}
        <Anchor component={Link} to="/pages">{t('pageCards.dashboard.connect')}</Anchor>
      </Text>
    )
  }
  return (
    <>
      <PageRow label={t('pages.dashboard.title')} pages={pages} renderCard={(page) => (
        <PageCard page={page} onChanged={reload} onSelect={(p) => selectPage(selectedPageOf(p))}
          selected={selected?.id === page.idPage && selected?.platform === page.platform} />
      )} />
      {selected && <SelectedPage selected={selected} />}
      {selected && <PageDashboard key={`${selected.platform}:${selected.id}`} page={selected} />}
    </>
  )
}
