/** The selected page's posts performance (spec 001 §2): each post's picture, text, date, comments, matched
 *  comments and rounded performance, with a link to the post; the period filter starts on "most recent". */
import { Anchor, Card, Center, Group, Image, Progress, SimpleGrid, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { dashboardApi } from '../../api/dashboard'
import { dateLocale, dateTimeFormat } from '../../utils/intlFormats'
import DashboardBlock from './DashboardBlock'
import { POSTS_DEFAULT_PERIOD, formatCount, permalinkOf, pictureOf, postPreview } from './dashboardModel'
import useDashboardData from './useDashboardData'

function Figure({ label, value }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} className="dashboard__figure">{value}</Text>
      <Text size="xs" c="dimmed">{label}</Text>
    </Stack>
  )
}

function PostCard({ row }) {
  const { t, i18n } = useTranslation()
  const { post } = row
  const picture = pictureOf(post)
  const link = permalinkOf(post)
  const date = post.created_time ? new Date(post.created_time.replace(/\+0000$/, 'Z')) : null
  return (
    <Card withBorder radius="md" padding="sm" className="dashboard__post" data-post={post.id}>
      <Card.Section>
        {picture ? (
          <Image src={picture} h={150} fit="cover" alt={t('dashboard.posts.picture')} />
        ) : (
          <Center h={150} bg="gray.1"><Text size="sm" c="dimmed">{t('dashboard.posts.noPicture')}</Text></Center>
        )}
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }} title={post.message || undefined}>
          {postPreview(post.message) || t('dashboard.posts.noText')}
        </Text>
        <Group justify="space-around" wrap="nowrap">
          <Figure label={t('dashboard.posts.comments')} value={formatCount(row.comments, i18n.language)} />
          <Figure label={t('dashboard.posts.matched')} value={formatCount(row.matched, i18n.language)} />
          <Figure label={t('dashboard.posts.performance')} value={`${row.performance}%`} />
        </Group>
        <Progress value={row.performance} size="sm" color={row.performance >= 50 ? 'green' : 'orange'}
          aria-label={t('dashboard.posts.performance')} />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {date && !Number.isNaN(date.getTime()) ? dateTimeFormat(dateLocale(i18n.language)).format(date) : ''}
          </Text>
          {link ? (
            <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm">{t('dashboard.posts.open')}</Anchor>
          ) : null}
        </Group>
      </Stack>
    </Card>
  )
}

export default function PostsGrid({ page }) {
  const [period, setPeriod] = useState(POSTS_DEFAULT_PERIOD)
  const data = useDashboardData(dashboardApi.posts, page, period)
  const rows = data.rows ?? []
  return (
    <DashboardBlock block="posts" period={period} onPeriod={setPeriod} data={data} empty={rows.length === 0}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {rows.map((row) => <PostCard key={row.post.id} row={row} />)}
      </SimpleGrid>
    </DashboardBlock>
  )
}
