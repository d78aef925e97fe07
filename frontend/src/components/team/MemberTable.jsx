/** The team of a page: name and role; the owner in capitals on a highlighted row (spec 000 §2 "Team screen").
 *  The page's owner changes a member's role (admin or member), makes a member the owner and removes members, each
 *  a labelled button on the member's row (the owner's own Remove, greyed, answers cannotDeleteOwner).
 *  On a phone the role and the buttons go under the name, so that nothing is cut. */
import { Badge, Button, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { isOwner, memberName, ROLE_COLORS } from './teamRules'

const CHANGEABLE_ROLES = ['invited_admin', 'invited_member']

function RoleBadge({ member }) {
  const { t } = useTranslation()
  return (
    <Badge color={ROLE_COLORS[member.role] ?? 'gray'} variant={isOwner(member) ? 'filled' : 'light'}
      styles={{ root: { maxWidth: '100%' } }}>
      {t(`pages.team.roles.${member.role}`, { defaultValue: member.role })}
    </Badge>
  )
}

/** The owner's choice of a member's role; the owner's own role is a badge (it changes only by Make owner). */
function Role({ member, admin }) {
  const { t } = useTranslation()
  if (!admin || isOwner(member)) return <RoleBadge member={member} />
  return (
    <Select size="xs" w={190} maw="100%" allowDeselect={false} value={member.role} className="team__role"
      aria-label={t('teamScreen.roleOf', { name: memberName(member) })} disabled={admin.changing === member.idFacebook}
      data={CHANGEABLE_ROLES.map((role) => ({ value: role, label: t(`pages.team.roles.${role}`) }))}
      onChange={(role) => admin.changeRole(member, role)} comboboxProps={{ withinPortal: true }} />
  )
}

function Actions({ member, onRemove, removing, admin, phone }) {
  const { t } = useTranslation()
  const owner = isOwner(member)
  const name = memberName(member)
  return (
    <Group gap={6} wrap="wrap" justify={phone ? 'flex-start' : 'flex-end'}>
      {!owner && (
        <Button size="compact-sm" variant="light" onClick={() => admin.askOwner(member)} className="team__makeOwner"
          aria-label={t('teamScreen.makeOwnerOf', { name })}>
          {t('teamScreen.makeOwner')}
        </Button>
      )}
      {/* The owner's button answers cannotDeleteOwner (spec 000 §5), so it stays clickable, greyed. */}
      <Tooltip label={t('pages.team.cannotDeleteOwner')} disabled={!owner} withArrow>
        <Button size="compact-sm" variant={owner ? 'subtle' : 'light'} color={owner ? 'gray' : 'red'}
          c={owner ? 'dimmed' : undefined} loading={removing === member.idFacebook}
          aria-label={t('pages.team.table.removeMember', { name })} onClick={() => onRemove(member)}>
          {t('pages.team.table.remove')}
        </Button>
      </Tooltip>
    </Group>
  )
}

export default function MemberTable({ members, canManage, onRemove, removing, admin }) {
  const { t } = useTranslation()
  const phone = useMediaQuery('(max-width: 36em)')
  const managing = canManage ? admin : null
  return (
    <Table className="team__members" verticalSpacing="sm" horizontalSpacing="sm" layout="fixed" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{phone ? `${t('pages.team.table.name')} · ${t('pages.team.table.role')}` : t('pages.team.table.name')}</Table.Th>
          {!phone && <Table.Th w={canManage ? 210 : '40%'}>{t('pages.team.table.role')}</Table.Th>}
          {canManage && !phone && <Table.Th w={230} ta="right">{t('pages.team.table.actions')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((member) => {
          const owner = isOwner(member)
          return (
            <Table.Tr key={member.idFacebook} data-role={member.role} bg={owner ? 'var(--mantine-color-pink-0)' : undefined}>
              <Table.Td>
                <Stack gap={6} align="stretch">
                  <Text fw={owner ? 700 : 500} tt={owner ? 'uppercase' : undefined} c={owner ? 'pink.8' : undefined}
                    style={{ overflowWrap: 'anywhere' }} className="team__name">
                    {memberName(member)}
                  </Text>
                  {phone && <div><Role member={member} admin={managing} /></div>}
                  {phone && canManage && <Actions member={member} onRemove={onRemove} removing={removing} admin={admin} phone />}
                </Stack>
              </Table.Td>
              {!phone && <Table.Td><Role member={member} admin={managing} /></Table.Td>}
              {canManage && !phone && (
                <Table.Td><Actions member={member} onRemove={onRemove} removing={removing} admin={admin} /></Table.Td>
              )}
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </Table>
  )
}
