/** Shown by a catalogue screen when no page is selected: the way to the dashboard, where a page is chosen. */
import { Button, Paper, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'

export default function NoPage() {
  const { t } = useTranslation()
  return (
    <Paper withBorder p="lg" radius="md" className="catalogue__noPage">
      <Text mb="md">{t('catalogue.common.noPage')}</Text>
      <Button component={Link} to="/home/dashboard">{t('catalogue.common.choosePage')}</Button>
    </Paper>
  )
}
