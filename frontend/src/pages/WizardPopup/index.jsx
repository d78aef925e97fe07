/** /home/wizard-popup: the choice of the agent's intent type, specific ("default": one post) or generic (the whole
 *  page); the choice resets the wizard, is stored and leads to /home/auto-wizard (spec 001 §2 "Wizard"). Reached
 *  from the side menu's wizard button and from My agents. Closing it goes back to My agents. */
import { Button, Card, Modal, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { GENERIC, SPECIFIC } from '../../components/wizard/rules'
import { useWizardStore } from '../../stores/wizard'

const CHOICES = [
  { type: SPECIFIC, key: 'specific', mark: '1' },
  { type: GENERIC, key: 'generic', mark: '∗' },
]

export default function WizardPopupPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const start = useWizardStore((s) => s.start)

  function choose(type) {
    start(type)
    navigate('/home/auto-wizard')
  }

  return (
    <Modal opened onClose={() => navigate('/home/my-agents')} centered size="lg" title={<Text fw={700} size="lg">{t('wizard.popup.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('common.cancel') }}>
      <Text mb="md">{t('wizard.popup.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {CHOICES.map(({ type, key, mark }) => (
          <Card key={type} withBorder radius="md" padding="lg" className="wizard__choice" data-type={type}>
            <Stack gap="sm" h="100%">
              <ThemeIcon size="xl" radius="xl" variant="light">{mark}</ThemeIcon>
              <Text fw={700}>{t(`wizard.popup.${key}`)}</Text>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>{t(`wizard.popup.${key}Help`)}</Text>
              <Button onClick={() => choose(type)} data-autofocus={type === SPECIFIC ? true : undefined} aria-label={t('wizard.popup.chooseType', { type: t(`wizard.popup.${key}`) })}>
                {t('wizard.popup.choose')}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Modal>
  )
}
