/** The picker of people already in the owner's other teams (spec 000 §4 step 3): one non-owner can be chosen,
 *  choosing it again unchooses it, owners cannot be chosen. */
import { Badge, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { isOwner, memberName, ROLE_COLORS } from './teamRules'

export default function PickerModal({ opened, members, selected, onSelect, onAdd, onClose, adding, error }) {
  const { t } = useTranslation()
  return (
    <Modal opened={opened} onClose={onClose} title={t('pages.team.picker.title')} centered size="md">
      <Text size="sm" c="dimmed" mb="md">{t('pages.team.picker.intro')}</Text>
      <Stack gap="xs" role="group" aria-label={t('pages.team.picker.title')}>
        {members.map((member) => {
          const owner = isOwner(member)
          return (
            <Group key={member.idFacebook} justify="space-between" wrap="nowrap" gap="sm">
              <Checkbox
                label={memberName(member)}
                checked={selected?.idFacebook === member.idFacebook}
                disabled={owner}
                onChange={() => onSelect(selected?.idFacebook === member.idFacebook ? null : member)}
                styles={{ label: { overflowWrap: 'anywhere' } }}
              />
              <Badge color={ROLE_COLORS[member.role] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
                {t(`pages.team.roles.${member.role}`, { defaultValue: member.role })}
              </Badge>
            </Group>
          )
        })}
      </Stack>
      {error && <Text c="red" size="sm" mt="md" role="alert">{t(error)}</Text>}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
        <Button onClick={onAdd} loading={adding}>{t('pages.team.picker.add')}</Button>
      </Group>
    </Modal>
  )
}
