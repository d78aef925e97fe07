/** The row under a step: Back, Save draft (shown, does nothing, spec 001 §2) and Next. */
import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export default function StepActions({ onBack, onNext, nextLabel, loading = false, draft = true, children }) {
  const { t } = useTranslation()
  return (
    <Group justify="space-between" mt="xl" gap="sm" className="wizard__actions">
      <Button variant="default" onClick={onBack}>{t('common.back')}</Button>
      <Group gap="sm">
        {children}
        {draft && <Button variant="light" onClick={() => {}}>{t('wizard.saveDraft')}</Button>}
        {onNext && <Button onClick={onNext} loading={loading}>{nextLabel ?? t('wizard.next')}</Button>}
      </Group>
    </Group>
  )
}
