/** A group of the replay's comments: its first few (the samples the replay answered with), then every one page by
 *  page on demand. */
import { Alert, Button, Center, Loader, Pagination, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { replayApi } from '../../api/replay'
import ReplayComment from './ReplayComment'

const PER_PAGE = 10

export default function ReplayGroup({ agentId, replayId, group, reason, samples, total }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(null) // null: the samples; then { number, items }
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)

  async function show(number) {
    setLoading(true)
    setFailed(false)
    try {
      const answer = await replayApi.comments(agentId, replayId, { group, reason, page: number, perPage: PER_PAGE })
      setPage({ number, items: answer.items })
    } catch (error) {
      console.warn('replay comments not read', error)
      setFailed(true)
    } finally {
      setLoading(false)
    }
  }

  const items = page ? page.items : samples ?? []
  if (!total) return <Text size="sm" c="dimmed">{t('replay.groups.none')}</Text>
  return (
    <Stack gap="xs" className={`replay__group replay__group--${group}${reason ? `-${reason}` : ''}`}>
      {items.map((item) => <ReplayComment key={item.commentId} item={item} />)}
      {failed && <Alert color="red" variant="light">{t('replay.errors.comments')}</Alert>}
      {loading && <Center><Loader size="sm" aria-label={t('replay.loading')} /></Center>}
      {!page && total > items.length && (
        <Button variant="subtle" size="xs" onClick={() => show(1)}>{t('replay.groups.showAll', { count: total })}</Button>
      )}
      {page && total > PER_PAGE && (
        <Center>
          <Pagination size="sm" total={Math.ceil(total / PER_PAGE)} value={page.number} onChange={show}
            getControlProps={(control) => ({ 'aria-label': t(`replay.groups.${control}`) })} />
        </Center>
      )}
    </Stack>
  )
}
