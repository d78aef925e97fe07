/** The wizard's way to the agent's Suggestions screen, beside the chat simulator. Its label wraps rather than
 * widening a phone's screen (the French one is wider than 375 px on one line). */
import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { suggestionsPath } from './proposalModel'
import { BulbIcon } from './SuggestionsAction'

export default function SuggestionsButton({ projectId }) {
  const { t } = useTranslation()
  if (!projectId) return null
  return (
    <Button component={Link} to={suggestionsPath(projectId)} variant="light" color="yellow"
      leftSection={<BulbIcon size={16} />} className="wizard__suggestions" h="auto" py={8} maw="100%"
      style={{ alignSelf: 'flex-start' }} styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}>
      {t('proposals.fromWizard')}
    </Button>
  )
}
