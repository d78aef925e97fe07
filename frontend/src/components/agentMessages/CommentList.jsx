/** The left panel (spec 001 §2 "Agent messages"): matched and not matched tabs, the search of each tab, the filter
 *  popup with the score slider (its defaults, its Reset) and an intent, and the comments, newest first. */
import { ActionIcon, Alert, Avatar, Badge, Button, Group, Indicator, Loader, Popover, RangeSlider, ScrollArea, Select,
  Stack, Tabs, Text, TextInput, UnstyledButton } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import CommentState from './CommentState'
import { intentLabel } from '../../i18n/intentLabel'
import { MATCHED, NOT_MATCHED, SLIDER_DEFAULTS, SLIDER_RESETS, bestIntent, commenterName, logKey, scorePercent }
  from './commentModel'
import classes from './agentMessages.module.css'

function FilterIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 5h16l-6 8v5l-4 2v-7z" />
    </svg>
  )
}

function FilterPopup({ tab, filters, onFilters, intents }) {
  const { t } = useTranslation()
  const changed = filters.intent !== null
    || filters.range[0] !== SLIDER_DEFAULTS[tab][0] || filters.range[1] !== SLIDER_DEFAULTS[tab][1]
  return (
    <Popover position="bottom-end" shadow="md" width={280} withArrow trapFocus>
      <Popover.Target>
        <Indicator disabled={!changed} size={9} offset={4} color="orange">
          <ActionIcon variant="light" size="lg" aria-label={t('agentMessages.filter.open')}>
            <FilterIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown className="comments__filter">
        <Text size="sm" fw={600} mb={4}>{t('agentMessages.filter.score')}</Text>
        <Text size="xs" c="dimmed" mb="sm" className="comments__range">
          {t('agentMessages.filter.range', { low: filters.range[0], high: filters.range[1] })}
        </Text>
        <RangeSlider min={0} max={100} minRange={1} value={filters.range} mb="lg" label={(value) => `${value}%`}
          thumbFromLabel={t('agentMessages.filter.low')} thumbToLabel={t('agentMessages.filter.high')}
          onChange={(range) => onFilters({ ...filters, range })} />
        <Select label={t('agentMessages.filter.intent')} placeholder={t('agentMessages.filter.allIntents')}
          data={intents.map((name) => ({ value: name, label: intentLabel(name) }))} value={filters.intent} clearable comboboxProps={{ withinPortal: false }}
          onChange={(intent) => onFilters({ ...filters, intent })} mb="md" />
        <Button size="xs" variant="default" fullWidth
          onClick={() => onFilters({ ...filters, intent: null, range: [...SLIDER_RESETS[tab]] })}>
          {t('agentMessages.filter.reset')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  )
}

function CommentItem({ log, selected, onSelect }) {
  const { t } = useTranslation()
  const name = commenterName(log.publisher) || t('agentMessages.someone')
  const percent = scorePercent(log)
  const intent = bestIntent(log)
  const picture = log.publisher?.picture || log.publisher?.profile_picture_url || undefined
  return (
    <UnstyledButton className={classes.item} data-selected={selected || undefined} data-key={logKey(log)}
      aria-current={selected || undefined} onClick={() => onSelect(log)}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={picture} name={name} color="initials" size={36} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600} truncate="end" className="comment__name">{name}</Text>
            {percent !== null && <Badge size="xs" variant="light" color="gray">{percent}%</Badge>}
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2} className="comment__message" style={{ overflowWrap: 'anywhere' }}>
            {log.message}
          </Text>
          <Group gap={6} wrap="wrap">
            {intent && <Badge size="xs" variant="outline">{intentLabel(intent.intent)}</Badge>}
            <CommentState log={log} size="xs" />
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  )
}

/** What the search and the filters hide, above the list: the specification's default score range (18-82 % when
 *  matched) hides the surest answers, so the screen says how many, which range is shown, and offers them all. */
function Hidden({ count, range, onShowAll }) {
  const { t } = useTranslation()
  if (count <= 0) return null
  return (
    <Alert color="orange" variant="light" radius="md" p="sm" className="comments__hidden" role="status"
      title={t('agentMessages.hiddenByFilters', { count })}>
      <Text size="sm" mb="xs">{t('agentMessages.hiddenRange', { low: range[0], high: range[1] })}</Text>
      <Button size="xs" color="orange" onClick={onShowAll}>{t('agentMessages.showAll')}</Button>
    </Alert>
  )
}

/** `status` of the logs (useLiveLogs): still loading, or not loaded, shows in the list, under the tabs. Above them,
 *  its going moved the tabs under a pointer reaching for one (a tab tapped as the first answer came chose the search
 *  field instead). */
export default function CommentList({ tab, onTab, counts, comments, selectedKey, onSelect, filters, onFilters,
  intents, status = 'ready' }) {
  const { t } = useTranslation()
  return (
    <Stack gap="sm" className={classes.listPanel}>
      <Tabs value={tab} onChange={onTab} variant="pills" radius="xl"
        classNames={{ tab: classes.tab, tabSection: classes.tabSection, tabLabel: classes.tabLabel }}>
        <Tabs.List>
          {[MATCHED, NOT_MATCHED].map((name) => (
            <Tabs.Tab key={name} value={name} rightSection={<Badge size="sm" miw={22}
              variant={tab === name ? 'white' : 'light'}>{counts[name]}</Badge>}>
              {t(`agentMessages.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="xs" wrap="nowrap">
        <TextInput style={{ flex: 1 }} value={filters.query} onChange={(e) => onFilters({ ...filters, query: e.currentTarget.value })}
          placeholder={t(tab === MATCHED ? 'agentMessages.search.byName' : 'agentMessages.search.byMessage')}
          aria-label={t(tab === MATCHED ? 'agentMessages.search.byName' : 'agentMessages.search.byMessage')} />
        <FilterPopup tab={tab} filters={filters} onFilters={onFilters} intents={intents} />
      </Group>
      <Hidden count={counts[tab] - comments.length} range={filters.range}
        onShowAll={() => onFilters({ ...filters, query: '', intent: null, range: [0, 100] })} />
      <ScrollArea.Autosize className={classes.listScroll} type="auto" offsetScrollbars>
        <Stack gap={4} className="comments__list" role="list">
          {/* Comments kept from the last visit (the store is saved) show without it: it would push them down. */}
          {status === 'loading' && counts[tab] === 0 && <Loader aria-label={t('common.loading')} size="sm" m="sm" />}
          {status === 'error' && <Alert color="red" variant="light" title={t('agentMessages.loadError')} />}
          {status === 'ready' && comments.length === 0 && counts[tab] === 0 && (
            <Text c="dimmed" size="sm" p="sm">{t('agentMessages.noComments')}</Text>
          )}
          {comments.map((log) => (
            <div role="listitem" key={logKey(log)} className="comment-item">
              <CommentItem log={log} selected={logKey(log) === selectedKey} onSelect={onSelect} />
            </div>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  )
}
