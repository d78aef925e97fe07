/** Step 1 (specific agents): the page's posts newest first with type, publication date and time and agent status;
 *  a post that already has an agent cannot be chosen, its tooltip says to open it from My agents (spec 001 §2
 *  step 1, §4 "In the wizard post list"). */
import { Avatar, Badge, Box, Group, Loader, Radio, Table, Text, Tooltip } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { wizardApi } from '../../api/wizard'
import { dateLocale, dateTimeFormat } from '../../utils/intlFormats'
import RetryAlert from './RetryAlert'
import { activeByPost, agentStatus, hasAgent, newestFirst, postIdOf, postPreview, postType } from './rules'

const STATUS_COLORS = { active: 'green', notActive: 'gray', draft: 'yellow' }

export default function PostStep({ page, selected, onSelect, onLoaded }) {
  const { t, i18n } = useTranslation()
  const [posts, setPosts] = useState(null)
  const [agents, setAgents] = useState({})
  const [failed, setFailed] = useState(false)
  const pageId = page.idPage ?? page.id

  const load = useCallback(async () => {
    setFailed(false)
    setPosts(null)
    try {
      const [list, active] = await Promise.all([wizardApi.posts(pageId, page.platform), wizardApi.activeProjects(pageId)])
      const sorted = newestFirst(Array.isArray(list) ? list : [])
      const byPost = activeByPost(active)
      setPosts(sorted)
      setAgents(byPost)
      onLoaded?.(sorted, byPost)
    } catch (error) {
      console.warn('posts not loaded', error)
      setFailed(true)
    }
  }, [pageId, page.platform, onLoaded])

  useEffect(() => {
    load()
  }, [load])

  if (failed) return <RetryAlert messageKey="wizard.errors.posts" onRetry={load} />
  if (!posts) return <Loader aria-label={t('common.loading')} />
  if (posts.length === 0) return <Text c="dimmed">{t('wizard.postStep.none')}</Text>

  const when = dateTimeFormat(dateLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <Radio.Group value={selected ? postIdOf(selected) : null}
      onChange={(id) => onSelect(posts.find((post) => postIdOf(post) === id))}>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm" highlightOnHover className="wizard__posts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('wizard.postStep.post')}</Table.Th>
              <Table.Th>{t('wizard.postStep.type')}</Table.Th>
              <Table.Th>{t('wizard.postStep.published')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('wizard.postStep.agent')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {posts.map((post) => {
              const id = postIdOf(post)
              const entry = agents[id] ?? (post.agent ? { ...post.agent, post: { idPost: id } } : undefined)
              const status = agentStatus(entry)
              const taken = hasAgent(entry)
              const label = t('wizard.postStep.choose', { message: postPreview(post.message) || t('wizard.postStep.noMessage') })
              const radio = <Radio value={id} disabled={taken} aria-label={label} />
              const badge = status && (
                <Badge color={STATUS_COLORS[status]} variant="light">{t(`wizard.postStep.status.${status}`)}</Badge>
              )
              return (
                <Table.Tr key={id} data-post={id} data-taken={taken ? 'true' : undefined}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      {taken ? (
                        <Tooltip label={t('wizard.postStep.hasAgent')} multiline w={240} withArrow events={{ hover: true, focus: true, touch: true }}>
                          <span>{radio}</span>
                        </Tooltip>
                      ) : radio}
                      <Avatar src={post.picture ?? post.full_picture ?? post.media_url} alt="" radius="sm">#</Avatar>
                      <div>
                        <Text size="sm" title={post.message}>{postPreview(post.message) || t('wizard.postStep.noMessage')}</Text>
                        {/* On a phone the agent's status sits under the message, not in a column out of sight. */}
                        {badge && <Box hiddenFrom="sm" mt={4}>{badge}</Box>}
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td><Text size="sm">{t(`wizard.postStep.types.${postType(post.type)}`)}</Text></Table.Td>
                  <Table.Td><Text size="sm">{post.created_time ? when.format(new Date(post.created_time)) : '—'}</Text></Table.Td>
                  <Table.Td visibleFrom="sm">{badge}</Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Radio.Group>
  )
}
