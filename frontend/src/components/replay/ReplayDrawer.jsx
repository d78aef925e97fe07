/** The replay panel in a side drawer, opened from My agents and from the wizard's last step. */
import { Drawer, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import ReplayPanel from './ReplayPanel'

export default function ReplayDrawer({ agentId, name, opened, onClose }) {
  const { t } = useTranslation()
  const phone = useMediaQuery('(max-width: 48em)')
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={phone ? '100%' : 'xl'}
      title={<Text fw={700}>{name ? t('replay.titleOf', { name }) : t('replay.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('common.close') }} className="replay__drawer">
      {opened && agentId && <ReplayPanel agentId={agentId} />}
    </Drawer>
  )
}
