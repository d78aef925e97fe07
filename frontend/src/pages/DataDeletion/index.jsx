/** /deletion/:code, the address Meta gives a person who asked for their data's deletion (docs/graph-api.md "App
 *  removal and data deletion"): the request's confirmation code, when it arrived, and whether it is still pending or
 *  done with what was deleted. A code no request has says so; a failed load offers Retry. */
import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { privacyApi } from '../../api/privacy'
import Loaded from '../../components/common/Loaded'
import Page from '../../components/layout/Page'
import { formatDate } from '../../components/notices/NoticeText'
import { useLoaded } from '../../hooks/useLoaded'

const DELETED = ['account', 'comments', 'profiles']

function Deleted({ deleted }) {
  const { t } = useTranslation()
  return (
    <List size="sm" className="deletion__deleted">
      {DELETED.map((kind) => (
        <List.Item key={kind}>{t(`deletion.deleted.${kind}`, { count: Number(deleted?.[kind] ?? 0) })}</List.Item>
      ))}
    </List>
  )
}

export default function DataDeletionPage() {
  const { t, i18n } = useTranslation()
  const { code } = useParams()
  const { value, state, error, reload } = useLoaded(useCallback(() => privacyApi.deletion(code), [code]))
  const done = value?.status === 'done'
  const unknown = state === 'error' && error?.status === 404

  return (
    <Page component="article">
      <Title order={1} mb="md">{t('deletion.title')}</Title>
      {unknown ? (
        <Text className="deletion__unknown">{t('deletion.unknown')}</Text>
      ) : (
        <Loaded state={state} errorKey="deletion.error" onRetry={reload}>
          {value && (
            <Card withBorder radius="md" padding="lg" maw={640} className="deletion">
              <Stack gap="sm">
                <Group gap="xs">
                  <Text fw={600}>{t('deletion.status')}</Text>
                  <Badge color={done ? 'green' : 'yellow'} className="deletion__status">
                    {t(`deletion.states.${done ? 'done' : 'pending'}`)}
                  </Badge>
                </Group>
                <Text size="sm">{t('deletion.code')} <code>{value.confirmationCode}</code></Text>
                <Text size="sm">{t('deletion.requested', { date: formatDate(new Date(value.requestedAt), i18n.language) })}</Text>
                {done ? (
                  <>
                    <Text>{t('deletion.doneText', { date: formatDate(new Date(value.completedAt), i18n.language) })}</Text>
                    <Deleted deleted={value.deleted} />
                  </>
                ) : (
                  <Text>{t('deletion.pendingText')}</Text>
                )}
                <Text size="sm" c="dimmed">{t('deletion.kept')}</Text>
              </Stack>
            </Card>
          )}
        </Loaded>
      )}
    </Page>
  )
}
