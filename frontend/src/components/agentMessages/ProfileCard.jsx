/** The commenter's profile card (spec 001 §2: phone, email, birthday, adresse), from the page's subscriber
 *  profile; reloaded whenever another commenter is chosen. */
import { Avatar, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { commentsApi } from '../../api/comments'
import { commenterName } from './commentModel'

const FIELDS = ['phone', 'email', 'birthday', 'adresse']

export default function ProfileCard({ publisher, pageId }) {
  const { t } = useTranslation()
  const publisherId = publisher?.id
  const [loaded, setLoaded] = useState({ id: null, profile: null })

  useEffect(() => {
    if (!publisherId) return undefined
    let current = true
    commentsApi.profile(publisherId, pageId)
      .then((profile) => { if (current) setLoaded({ id: publisherId, profile }) })
      .catch((error) => {
        console.warn('profile not loaded', error)
        if (current) setLoaded({ id: publisherId, profile: null })
      })
    return () => { current = false }
  }, [publisherId, pageId])

  if (!publisher) return null
  const profile = loaded.id === publisherId ? loaded.profile : undefined
  const name = commenterName(profile ?? publisher) || t('agentMessages.someone')
  return (
    <Stack gap="xs" className="profile">
      <Title order={2} size="h5">{t('agentMessages.profile.title')}</Title>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={profile?.picture || publisher.picture || undefined} name={name} color="initials" />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end">{name}</Text>
          {profile?.comments > 0 && <Text size="xs" c="dimmed">{t('agentMessages.profile.comments', { count: profile.comments })}</Text>}
        </div>
      </Group>
      {profile === undefined ? <Loader size="sm" /> : (
        <Stack gap={4} component="dl" m={0}>
          {FIELDS.map((field) => (
            <Group key={field} gap="xs" wrap="nowrap" align="baseline">
              <Text component="dt" size="xs" c="dimmed" w={90} style={{ flex: '0 0 auto' }}>{t(`agentMessages.profile.${field}`)}</Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }} className={`profile__${field}`}>
                {profile?.[field] || '—'}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
