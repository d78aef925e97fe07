/** Step 0: the pages the wizard offers (owner-connected, invited admin, invited) in tabs All pages, Facebook and
 *  Instagram, chosen with a radio (spec 001 §2 "Wizard" step 0). */
import { Avatar, Group, Loader, Paper, Radio, SimpleGrid, Tabs, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import usePages from '../pages/usePages'
import PlatformIcon from '../pages/PlatformIcon'
import { wizardPages } from './rules'

const TABS = ['all', 'facebook', 'instagram']
const keyOf = (page) => `${page.platform}:${page.idPage ?? page.id}`

export default function PageStep({ selected, onSelect }) {
  const { t } = useTranslation()
  const { data, loading } = usePages({ connectedOnly: true })
  const [tab, setTab] = useState('all')
  const pages = wizardPages(data, tab)

  return (
    <Tabs value={tab} onChange={(value) => setTab(value ?? 'all')} keepMounted={false}
      styles={{ tab: { paddingInline: 'var(--mantine-spacing-xs)' } }}>
      <Tabs.List mb="md">
        {TABS.map((name) => <Tabs.Tab key={name} value={name}>{t(`wizard.pageStep.tabs.${name}`)}</Tabs.Tab>)}
      </Tabs.List>
      {loading && !data ? <Loader aria-label={t('common.loading')} /> : pages.length === 0 ? (
        <Text c="dimmed">{t('wizard.pageStep.none')}</Text>
      ) : (
        <Radio.Group value={selected ? keyOf(selected) : null} label={t('wizard.pageStep.pages')}
          onChange={(value) => onSelect(pages.find((page) => keyOf(page) === value))}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" mt="xs">
            {pages.map((page) => (
              <Paper key={keyOf(page)} withBorder radius="md" p="sm" className="wizard__pageChoice"
                data-checked={selected && keyOf(selected) === keyOf(page) ? 'true' : undefined}>
                <Radio value={keyOf(page)} aria-label={page.name} label={
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <Avatar src={page.picture ?? page.imageUrl} alt="" radius="xl" size="sm">{(page.name ?? '?').slice(0, 1)}</Avatar>
                    <PlatformIcon platform={page.platform} size={16} />
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{page.name}</Text>
                  </Group>
                } styles={{ body: { alignItems: 'center' }, labelWrapper: { minWidth: 0 } }} />
              </Paper>
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
    </Tabs>
  )
}
