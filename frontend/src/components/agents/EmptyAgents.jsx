/** The empty state of My agents: a gently floating robot and the no-agents text, with the way to the wizard. */
import { Button, Paper, Text, ThemeIcon } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import LineIcon from './icons'
import classes from './agents.module.css'

export default function EmptyAgents() {
  const { t } = useTranslation()
  return (
    <Paper withBorder radius="md" p="xl" ta="center" className="agents__empty">
      <ThemeIcon size={72} radius="xl" variant="light" className={classes.float} mx="auto" mb="md">
        <LineIcon name="robot" size={40} />
      </ThemeIcon>
      <Text fw={600} mb="xs">{t('agents.empty')}</Text>
      <Text c="dimmed" size="sm" mb="md">{t('agents.emptyHelp')}</Text>
      <Button component={Link} to="/home/wizard-popup">{t('agents.create')}</Button>
    </Paper>
  )
}
