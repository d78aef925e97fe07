/** The comments behind a proposal, as text (never HTML): the first few, the rest behind "Show all". */
import { Anchor, Badge, Collapse, List, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EVIDENCE_FIRST } from './proposalModel'

function Comment({ item }) {
  const { t } = useTranslation()
  return (
    <List.Item className="proposal__comment">
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} span>
        {t('proposals.quoted', { text: item.message })}
      </Text>
      {item.source === 'replay' && (
        <Badge ml={6} size="xs" variant="outline" color="gray">{t('proposals.fromReplay')}</Badge>
      )}
    </List.Item>
  )
}

export default function Evidence({ proposal }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const items = proposal.evidence ?? []
  return (
    <div className="proposal__evidence">
      <Text size="xs" c="dimmed" mb={4}>
        {t('proposals.evidence', { count: proposal.comments, commenters: proposal.commenters })}
      </Text>
      <List spacing={2} size="sm" listStyleType="none">
        {items.slice(0, EVIDENCE_FIRST).map((item, index) => <Comment key={index} item={item} />)}
      </List>
      {items.length > EVIDENCE_FIRST && (
        <>
          <Collapse expanded={open}>
            <List spacing={2} size="sm" listStyleType="none">
              {items.slice(EVIDENCE_FIRST).map((item, index) => <Comment key={index} item={item} />)}
            </List>
          </Collapse>
          <Anchor component="button" type="button" size="xs" onClick={() => setOpen(!open)}>
            {open ? t('proposals.showLess') : t('proposals.showAll', { count: items.length })}
          </Anchor>
        </>
      )}
    </div>
  )
}
