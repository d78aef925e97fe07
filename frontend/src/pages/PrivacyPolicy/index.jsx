/** The privacy policy: numbered sections, English when the language is en, else French (spec 000 §2, §6). */
import { Box, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import Page from '../../components/layout/Page'

// s7: removing the app and deleting one's data, through Meta's two callbacks (docs/graph-api.md).
const SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7']

export default function PrivacyPolicyPage() {
  const { t } = useTranslation()
  return (
    <Page component="article">
      <Title order={1} mb="sm">{t('privacy.title')}</Title>
      <Text c="dimmed" mb="md">{t('privacy.date')}</Text>
      {SECTIONS.map((section) => (
        <Box component="section" key={section} mb="lg">
          <Title order={2} mb="xs">{t(`privacy.sections.${section}.title`)}</Title>
          <Text>{t(`privacy.sections.${section}.body`)}</Text>
        </Box>
      ))}
    </Page>
  )
}
