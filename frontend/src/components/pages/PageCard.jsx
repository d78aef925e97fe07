/** One page's card (spec 000 §2, §4): picture, name cut to 14 characters (the full name in a tooltip), platform
 *  icon, fans and interactions in the k format, the border colour of its status; greyed and not selectable when
 *  another team manages it; a connect button on a page not connected; the owner's settings and disconnect; a page
 *  Meta stopped (its token revoked) says why, with the owner's button to connect it again. */
import { ActionIcon, Avatar, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import DisconnectModal from './DisconnectModal'
import PageSettings from './PageSettings'
import PlatformIcon from './PlatformIcon'
import { NOT_CONNECTED, OTHER_TEAM, OWNER, borderColor, cutName, formatCount, isSelectable } from './pageModel'

function UnplugIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M18.4 6.6a9 9 0 1 1-12.8 0" />
      <path d="M12 2v10" />
    </svg>
  )
}

// Why a page needs reconnecting, as the server says it (app/services/page_reconnect.py); any other is 'unknown'.
const RECONNECT_REASONS = ['app_removed', 'token_revoked', 'token_expired', 'token_expiring']

/** Meta no longer takes the page's token: its comments are not answered until its owner connects it again. */
function Reconnect({ page, owner, connecting, onConnect }) {
  const { t } = useTranslation()
  const reason = RECONNECT_REASONS.includes(page.reconnectReason) ? page.reconnectReason : 'unknown'
  return (
    <Stack gap={4} align="center" className="page-card__reconnect" role="status">
      <Badge size="xs" color="red" variant="filled">{t('pageCards.reconnect.badge')}</Badge>
      <Text size="xs" c="red.8" ta="center">{t(`pageCards.reconnect.reasons.${reason}`)}</Text>
      {owner && onConnect && (
        <Button size="xs" color="red" fullWidth loading={connecting}
          onClick={(event) => { event.stopPropagation(); onConnect(page) }}
          aria-label={t('pageCards.reconnect.actionPage', { name: page.name })}>
          {t('pageCards.reconnect.action')}
        </Button>
      )}
    </Stack>
  )
}

export default function PageCard({ page, selected = false, connecting = false, onConnect, onSelect, onChanged }) {
  const { t, i18n } = useTranslation()
  const [disconnecting, setDisconnecting] = useState(false)
  const instagram = page.platform === 'instagram'
  const otherTeam = page.status === OTHER_TEAM
  const selectable = isSelectable(page) && Boolean(onSelect)
  const owner = page.status === OWNER
  const select = () => selectable && onSelect(page)

  return (
    <Card withBorder radius="md" padding="sm" className="page-card" data-status={page.status}
      data-selected={selected || undefined} aria-current={selected || undefined}
      bd={`2px solid var(--mantine-color-${borderColor(page.status)}-${selected ? 7 : 4})`}
      bg={selected ? 'var(--mantine-color-brand-0)' : undefined}
      opacity={otherTeam ? 0.55 : 1}
      style={{ cursor: selectable ? 'pointer' : 'default', filter: otherTeam ? 'grayscale(1)' : undefined }}
      onClick={select}>
      <Stack gap={6} align="center">
        <Group justify="space-between" w="100%" wrap="nowrap" h={28}>
          <PlatformIcon platform={page.platform} />
          <Group gap={2} wrap="nowrap">
            {owner && <PageSettings page={page} onChanged={onChanged} />}
            {owner && (
              <ActionIcon variant="subtle" color="red" aria-label={t('pageCards.disconnect.open', { name: page.name })}
                onClick={(event) => { event.stopPropagation(); setDisconnecting(true) }}>
                <UnplugIcon />
              </ActionIcon>
            )}
          </Group>
        </Group>
        <Avatar src={page.picture || page.imageUrl || null} alt={page.name} size={64} radius="xl" color="brand">
          {(page.name ?? '?').slice(0, 1).toUpperCase()}
        </Avatar>
        <Tooltip label={page.name} withArrow openDelay={200}>
          <Text fw={600} ta="center" className="page-card__name" tabIndex={0}
            role={selectable ? 'button' : undefined} aria-label={page.name}
            onKeyDown={(event) => { if (event.key === 'Enter') select() }}>
            {cutName(page.name)}
          </Text>
        </Tooltip>
        <Badge size="xs" variant="light" color={borderColor(page.status)}>{t(`pageCards.status.${page.status}`)}</Badge>
        <Group gap="md" justify="center" wrap="nowrap">
          <Stack gap={0} align="center">
            <Text fw={700} className="page-card__fans">{formatCount(page.fans, i18n.language)}</Text>
            <Text size="xs" c="dimmed">{t(instagram ? 'pageCards.followers' : 'pageCards.fans')}</Text>
          </Stack>
          <Stack gap={0} align="center">
            <Text fw={700} className="page-card__interactions">{formatCount(page.interactions, i18n.language)}</Text>
            <Text size="xs" c="dimmed">{t(instagram ? 'pageCards.posts' : 'pageCards.newLikes')}</Text>
          </Stack>
        </Group>
        {otherTeam && <Text size="xs" c="dimmed" ta="center">{t('pageCards.otherTeam')}</Text>}
        {page.needsReconnect && <Reconnect page={page} owner={owner} connecting={connecting} onConnect={onConnect} />}
        {page.status === NOT_CONNECTED && onConnect && (
          <Button size="xs" fullWidth loading={connecting} onClick={(event) => { event.stopPropagation(); onConnect(page) }}
            aria-label={t('pageCards.connectPage', { name: page.name })}>
            {t('pageCards.connect')}
          </Button>
        )}
      </Stack>
      {owner && (
        // React bubbles a click in the modal's portal up to the card: it must not select the page.
        <div onClick={(event) => event.stopPropagation()}>
          <DisconnectModal page={page} opened={disconnecting} onClose={() => setDisconnecting(false)} onChanged={onChanged} />
        </div>
      )}
    </Card>
  )
}
