/** Replay before going live: run the agent as configured now over the page's (or the post's) past comments,
 *  sending nothing; follow its progress (polled), cancel it, then read what it would do and what changed since the
 *  previous replay. */
import { Alert, Badge, Button, Center, Group, Loader, Progress, Stack, Text } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { replayApi } from '../../api/replay'
import { useReplayStore } from '../../stores/replay'
import ReplayResults from './ReplayResults'
import ReplaySummary from './ReplaySummary'
import { POLL_MS, isRunning, progressPercent } from './replayModel'

const STATE_COLORS = { running: 'blue', done: 'green', cancelled: 'gray', failed: 'red' }

function Running({ replay, onCancel, cancelling }) {
  const { t } = useTranslation()
  const { progress } = replay
  const percent = progressPercent(progress)
  return (
    <Stack gap="xs" className="replay__running">
      <Progress value={percent ?? 100} striped animated aria-label={t('replay.progress.label')} />
      <Text size="sm" className="replay__progress">
        {t('replay.progress.counts', { read: progress.commentsRead, decided: progress.commentsDecided })}
        {progress.postsTotal > 1 ? ` · ${t('replay.progress.posts', { read: progress.postsRead, total: progress.postsTotal })}` : ''}
      </Text>
      {progress.rateLimited > 0 && (
        <Text size="xs" c="orange">{t('replay.progress.slowed', { count: progress.rateLimited })}</Text>
      )}
      <Group>
        <Button variant="default" color="red" onClick={onCancel} loading={cancelling}
          disabled={replay.cancelRequested}>
          {t(replay.cancelRequested ? 'replay.cancelling' : 'replay.cancel')}
        </Button>
      </Group>
    </Stack>
  )
}

export default function ReplayPanel({ agentId }) {
  const { t } = useTranslation()
  const replay = useReplayStore((s) => s.replays[agentId])
  const setReplay = useReplayStore((s) => s.setReplay)
  const [loaded, setLoaded] = useState(false)
  const [busy, setBusy] = useState(null) // 'start' | 'cancel'
  const [error, setError] = useState(null)

  const read = useCallback(() => replayApi.latest(agentId).then((answer) => {
    setReplay(agentId, answer.replay)
    setLoaded(true)
  }), [agentId, setReplay])

  useEffect(() => {
    read().catch((failure) => {
      console.warn('replay not read', failure)
      setError('replay.errors.read')
      setLoaded(true)
    })
  }, [read])

  const running = isRunning(replay)
  useEffect(() => {
    if (!running) return undefined
    const timer = setInterval(() => read().catch((failure) => console.warn('replay progress not read', failure)),
      POLL_MS)
    return () => clearInterval(timer)
  }, [running, read])

  async function act(kind, call) {
    setBusy(kind)
    setError(null)
    try {
      setReplay(agentId, await call())
    } catch (failure) {
      console.warn(`replay ${kind} failed`, failure)
      setError(failure.code === 'replay_running' ? 'replay.errors.running' : `replay.errors.${kind}`)
      if (failure.code === 'replay_running') read().catch(() => {})
    } finally {
      setBusy(null)
    }
  }

  if (!loaded) return <Center><Loader aria-label={t('replay.loading')} /></Center>
  const ended = replay && !running
  return (
    <Stack gap="md" className="replay" data-replay={replay?.id} data-state={replay?.state}>
      <Text size="sm" c="dimmed">{t('replay.intro')}</Text>
      {error && <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setError(null)}
        closeButtonLabel={t('common.close')}>{t(error)}</Alert>}
      {!running && (
        <Group>
          <Button onClick={() => act('start', () => replayApi.start(agentId))} loading={busy === 'start'}
            className="replay__start">
            {t(replay ? 'replay.again' : 'replay.start')}
          </Button>
        </Group>
      )}
      {running && <Running replay={replay} cancelling={busy === 'cancel'}
        onCancel={() => act('cancel', () => replayApi.cancel(agentId, replay.id))} />}
      {ended && (
        <Group gap="xs" className="replay__state">
          <Badge color={STATE_COLORS[replay.state]}>{t(`replay.states.${replay.state}`)}</Badge>
          <Text size="xs" c="dimmed">
            {t('replay.ranVersion', { version: replay.agentVersion, count: replay.progress.commentsRead })}
          </Text>
        </Group>
      )}
      {ended && replay.agentVersionNow !== replay.agentVersion && (
        <Text size="xs" c="blue">{t('replay.edited')}</Text>
      )}
      {ended && replay.error && <Alert color="red" variant="light">{replay.error}</Alert>}
      {ended && replay.summary && <ReplaySummary summary={replay.summary} />}
      {ended && replay.summary && <ReplayResults key={replay.id} replay={replay} />}
    </Stack>
  )
}
