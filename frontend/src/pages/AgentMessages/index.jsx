/** /home/my-agents-messages: the comments of the agent chosen on My agents (spec 001 §2 "Agent messages", §4
 *  "Comments", §7): the list with its tabs, search and score filter; the conversation with the manual answer; why
 *  the agent did what it did and the commenter's profile. New comments and answers appear without a reload.
 *  Without a chosen agent the screen goes back to My agents. */
import { Anchor, Badge, Group, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router-dom'
import { commentsApi } from '../../api/comments'
import { cutMessage, isGeneric } from '../../components/agents/agentModel'
import CommentList from '../../components/agentMessages/CommentList'
import Conversation from '../../components/agentMessages/Conversation'
import ProfileCard from '../../components/agentMessages/ProfileCard'
import WhyPanel from '../../components/agentMessages/WhyPanel'
import { MATCHED, NOT_MATCHED, SLIDER_DEFAULTS, answerState, fillTags, logKey, manualOf, visibleComments }
  from '../../components/agentMessages/commentModel'
import { useLiveLogs } from '../../components/agentMessages/useLiveLogs'
import classes from '../../components/agentMessages/agentMessages.module.css'
import Page from '../../components/layout/Page'
import { useAgentsStore } from '../../stores/agents'

const initialFilters = (tab) => ({ query: '', range: [...SLIDER_DEFAULTS[tab]], intent: null })

export default function AgentMessagesPage() {
  const { t } = useTranslation()
  const { selectedProject: project, matched, notMatched, matchedIntents, notMatchedIntents, setLogs, mergeLogs } =
    useAgentsStore()
  const [tab, setTab] = useState(MATCHED)
  const [filters, setFilters] = useState({ [MATCHED]: initialFilters(MATCHED), [NOT_MATCHED]: initialFilters(NOT_MATCHED) })
  const [selectedKey, setSelectedKey] = useState(null)
  const [sending, setSending] = useState(false)
  const [sendError, setSendError] = useState(null)
  const conversation = useRef(null)
  const stacked = useMediaQuery('(max-width: 47.99em)')
  const postId = project?.post?.idPost
  const platform = project?.post?.typePage === 'instagram' ? 'instagram' : 'facebook'
  const status = useLiveLogs(postId, { onAll: setLogs, onChanged: mergeLogs })

  const lists = { [MATCHED]: matched, [NOT_MATCHED]: notMatched }
  const shown = visibleComments(lists[tab], tab, filters[tab])
  const selected = [...matched, ...notMatched].find((log) => logKey(log) === selectedKey) ?? null

  if (!project) return <Navigate to="/home/my-agents" replace />

  function choose(log) {
    setSelectedKey(logKey(log))
    setSendError(null)
    if (stacked) requestAnimationFrame(() => conversation.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }))
  }

  async function send(answer, buttons) {
    setSending(true)
    setSendError(null)
    try {
      const text = fillTags(answer, selected.publisher, project.post?.name)
      const updated = await commentsApi.answer(platform, { log: { _id: selected._id }, answer: text, project: { _id: project._id }, buttons })
      if (updated?._id !== undefined) mergeLogs([updated])
      if (answerState(updated) === 'failed') {
        setSendError(manualOf(updated).at(-1)?.error || t('agentMessages.reply.failedUnknown'))
        return false
      }
      return true
    } catch (error) {
      // Refusals the product knows (a deleted comment, Meta's 7-day window) in the reader's language.
      setSendError(t(`agentMessages.reply.refusals.${error.code}`, { defaultValue: error.message }))
      return false
    } finally {
      setSending(false)
    }
  }

  const title = [isGeneric(project) ? t('agentMessages.genericAgent') : cutMessage(project.post?.message ?? ''),
    project.post?.name].filter(Boolean).join(' · ')
  return (
    <Page maw={1400}>
      <Group justify="space-between" align="flex-end" gap="xs" mb="md">
        <div style={{ minWidth: 0 }}>
          <Title order={1}>{t('agentMessages.title')}</Title>
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }} title={project.post?.message}>
            {title}
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="dot" color={status === 'ready' ? 'green' : 'gray'} className="messages__live">
            {t(status === 'ready' ? 'agentMessages.live' : 'agentMessages.connecting')}
          </Badge>
          <Anchor component={Link} to="/home/my-agents" size="sm">{t('agentMessages.back')}</Anchor>
        </Group>
      </Group>
      <div className={classes.panels}>
        <section className={classes.panel} aria-label={t('agentMessages.panels.comments')}>
          <CommentList tab={tab} onTab={(next) => { if (next) setTab(next) }}
            counts={{ [MATCHED]: matched.length, [NOT_MATCHED]: notMatched.length }}
            comments={shown} selectedKey={selectedKey} onSelect={choose}
            filters={filters[tab]} onFilters={(next) => setFilters({ ...filters, [tab]: next })}
            intents={tab === MATCHED ? matchedIntents : notMatchedIntents} status={status} />
        </section>
        <section ref={conversation} className={classes.panel} aria-label={t('agentMessages.panels.conversation')}>
          <Conversation log={selected} platform={platform} onSend={send} sending={sending} sendError={sendError} />
        </section>
        <aside className={`${classes.panel} ${classes.details}`} aria-label={t('agentMessages.panels.details')}>
          {selected ? (
            <div className={classes.detailsInner}>
              <WhyPanel log={selected} />
              <ProfileCard publisher={selected.publisher} pageId={project.post?.idPage} />
            </div>
          ) : <Text c="dimmed" size="sm">{t('agentMessages.detailsHint')}</Text>}
        </aside>
      </div>
    </Page>
  )
}
