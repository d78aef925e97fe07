/** Footer on every route: copyright, privacy policy, contact address, social networks, newsletter;
 *  three columns on desktop, two on tablet, one on mobile. */
import { Anchor, Box, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import classes from './Layout.module.css'
import NewsletterForm from './NewsletterForm'

const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
]

export default function Footer() {
  const { t } = useTranslation()
  return (
    <Box component="footer" className={classes.footer} px="lg" py="xl">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        <Stack gap={6} align="flex-start">
          <Text inherit>{t('footer.copyright', { year: new Date().getFullYear() })}</Text>
          <Anchor component={Link} to="/politique-de-confidentialite" inherit>{t('footer.privacy')}</Anchor>
          <Text inherit>{t('footer.contactAddress')}</Text>
        </Stack>
        <Stack gap={6}>
          <Text inherit>{t('footer.social')}</Text>
          <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
            {SOCIAL_LINKS.map(({ name, href }) => (
              <li key={name}>
                <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>{name}</Anchor>
              </li>
            ))}
          </Group>
        </Stack>
        <NewsletterForm />
      </SimpleGrid>
    </Box>
  )
}
