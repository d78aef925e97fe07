/** The selected page the catalogue screens work on: picture, platform icon and name (spec 001 §2 "Update category"). */
import { Avatar, Group, Text } from '@mantine/core'
import PlatformIcon from '../pages/PlatformIcon'

export default function PageHeader({ page }) {
  return (
    <Group gap="sm" wrap="nowrap" mb="md" className="catalogue__page">
      <Avatar src={page.picture} alt={page.name} size={40} radius="xl" color="brand">
        {(page.name || '?').slice(0, 1).toUpperCase()}
      </Avatar>
      <PlatformIcon platform={page.platform} size={18} />
      <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{page.name}</Text>
    </Group>
  )
}
