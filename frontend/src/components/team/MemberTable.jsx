/** The team of a page: name and role; the owner in capitals on a highlighted row (spec 000 §2 "Team screen").
 *  The page's owner sees a Remove button on every row (the owner's own, greyed, answers cannotDeleteOwner).
 *  On a phone the role goes under the name, so that neither is cut. */
import { Badge, Button, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { isOwner, memberName, ROLE_COLORS } from './teamRules'

function RoleBadge({ member }) {
  const { t } = useTranslation()
  return (
    <Badge color={ROLE_COLORS[member.role] ?? 'gray'} variant={isOwner(member) ? 'filled' : 'light'}
      styles={{ root: { maxWidth: '100%' } }}>
      {t(`pages.team.roles.${member.role}`, { defaultValue: member.role })}
    </Badge>
  )
}

export default function MemberTable({ members, canManage, onRemove, removing }) {
  const { t } = useTranslation()
  const phone = useMediaQuery('(max-width: 36em)')
  return (
    <Table className="team__members" verticalSpacing="sm" horizontalSpacing="sm" layout="fixed" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{phone ? `${t('pages.team.table.name')} · ${t('pages.team.table.role')}` : t('pages.team.table.name')}</Table.Th>
          {!phone && <Table.Th w={canManage ? '30%' : '40%'}>{t('pages.team.table.role')}</Table.Th>}
          {canManage && <Table.Th w={phone ? 108 : 116}><VisuallyHidden>{t('pages.team.table.actions')}</VisuallyHidden></Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((member) => {
          const owner = isOwner(member)
          const name = memberName(member)
          return (
            <Table.Tr key={member.idFacebook} data-role={member.role} bg={owner ? 'var(--mantine-color-pink-0)' : undefined}>
              <Table.Td>
                <Stack gap={6} align="flex-start">
                  <Text fw={owner ? 700 : 500} tt={owner ? 'uppercase' : undefined} c={owner ? 'pink.8' : undefined}
                    style={{ overflowWrap: 'anywhere' }} className="team__name">
                    {name}
                  </Text>
                  {phone && <RoleBadge member={member} />}
                </Stack>
              </Table.Td>
              {!phone && <Table.Td><RoleBadge member={member} /></Table.Td>}
              {canManage && (
                <Table.Td ta="right">
                  {/* The owner's button answers cannotDeleteOwner (spec 000 §5), so it stays clickable, greyed. */}
                  <Tooltip label={t('pages.team.cannotDeleteOwner')} disabled={!owner} withArrow>
                    <Button size="compact-sm" variant={owner ? 'subtle' : 'light'} color={owner ? 'gray' : 'red'}
                      c={owner ? 'dimmed' : undefined} loading={removing === member.idFacebook}
                      aria-label={t('pages.team.table.removeMember', { name })} onClick={() => onRemove(member)}>
                      {t('pages.team.table.remove')}
                    </Button>
                  </Tooltip>
                </Table.Td>
              )}
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </Table>
  )
}
