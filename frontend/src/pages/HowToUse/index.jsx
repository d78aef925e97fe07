/** How to use it (documentation), public and signed-in: the help sections, with a table of contents that links
 *  to each (spec 000 §2). */
import { Anchor, Box, List, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import Page from '../../components/layout/Page'

// Each section: its id (the link target), its i18n key under howTo.sections, and how many steps it lists.
export const HELP_SECTIONS = [
  { id: 'sign-in', key: 'signIn', steps: 2 },
  { id: 'connect-pages', key: 'connectPages', steps: 3 },
  { id: 'create-agent', key: 'createAgent', steps: 4 },
  { id: 'products', key: 'products', steps: 3 },
  { id: 'page-settings', key: 'pageSettings', steps: 4 },
  { id: 'team', key: 'team', steps: 3 },
  { id: 'dashboard', key: 'dashboard', steps: 2 },
  { id: 'plans', key: 'plans', steps: 3 },
  { id: 'help', key: 'help', steps: 2 },
]

const range = (n) => Array.from({ length: n }, (_, i) => i + 1)

export default function HowToUsePage() {
  const { t } = useTranslation()
  return (
    <Page>
      <Title order={1} mb="xs">{t('pages.howToUse.title')}</Title>
      <Text c="dimmed" mb="lg">{t('howTo.intro')}</Text>
      <Box component="nav" aria-label={t('howTo.contents')} mb="xl">
        <Title order={2} size="h4" mb="xs">{t('howTo.contents')}</Title>
        <List type="ordered" spacing={2}>
          {HELP_SECTIONS.map(({ id, key }) => (
            <List.Item key={id}><Anchor href={`#${id}`}>{t(`howTo.sections.${key}.title`)}</Anchor></List.Item>
          ))}
        </List>
      </Box>
      <Stack gap="xl">
        {HELP_SECTIONS.map(({ id, key, steps }) => (
          <Box component="section" key={id} id={id} style={{ scrollMarginTop: 'var(--app-shell-header-height, 60px)' }}>
            <Title order={2} size="h3" mb="xs">{t(`howTo.sections.${key}.title`)}</Title>
            <Text mb="xs">{t(`howTo.sections.${key}.body`)}</Text>
            <List spacing={4}>
              {range(steps).map((n) => <List.Item key={n}>{t(`howTo.sections.${key}.step${n}`)}</List.Item>)}
            </List>
          </Box>
        ))}
      </Stack>
    </Page>
  )
}
