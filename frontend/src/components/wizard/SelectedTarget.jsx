/** Steps 1 to 3 show the selected page, and the selected post as a thumbnail with its message cut to 16 characters
 *  when longer than 14 (spec 001 §2 "Wizard"). */
import { Avatar, Group, Paper, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import PlatformIcon from '../pages/PlatformIcon'
import { GENERIC, selectedPostMessage } from './rules'

export default function SelectedTarget({ page, post, intentType }) {
  const { t } = useTranslation()
  if (!page) return null
  const picture = page.picture ?? page.imageUrl ?? page.picture_url
  return (
    <Paper withBorder radius="md" p="sm" mb="lg" className="wizard__target">
      <Group gap="lg" wrap="wrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Avatar src={picture} alt="" radius="xl" size="md">{(page.name ?? '?').slice(0, 1)}</Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">{t('wizard.selectedPage')}</Text>
            <Group gap={6} wrap="nowrap">
              <PlatformIcon platform={page.platform} size={16} />
              <Text fw={600} size="sm" truncate="end" className="wizard__pageName">{page.name}</Text>
            </Group>
          </div>
        </Group>
        {intentType === GENERIC ? (
          <Text size="sm" c="dimmed">{t('wizard.genericTarget')}</Text>
        ) : post && (
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Avatar src={post.picture ?? post.full_picture ?? post.media_url} alt="" radius="sm" size="md">#</Avatar>
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">{t('wizard.selectedPost')}</Text>
              <Text size="sm" title={post.message} className="wizard__postMessage">{selectedPostMessage(post.message)}</Text>
            </div>
          </Group>
        )}
      </Group>
    </Paper>
  )
}
