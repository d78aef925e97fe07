/** One product of the category detail (spec 001 §2 "Update category"): its name (whole on a wide screen, where it
 *  fits, issue 42; cut 11 → 9 with a tooltip on a phone, as the specification cuts it), editable
 *  inline, the edit confirmed with Enter and then in a modal, reverted otherwise; its synonyms (cut at 10 with a
 *  tooltip), each removable, and a new one added with Enter; delete. Every change goes through `ask`, which opens
 *  the confirmation modal and calls `revert` when it is not confirmed. */
import { ActionIcon, Badge, CloseButton, Group, Table, TextInput } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import LineIcon from '../agents/icons'
import { cleanName, productLabel, synonymLabel } from './catalogueRules'
import CutText from './CutText'

const NAME_MAX = 255

export default function ProductRow({ product, ask, onRename, onDelete, onAddSynonym, onRemoveSynonym }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(product.content)
  const [synonym, setSynonym] = useState('')
  const asking = useRef(false) // Enter opened the confirmation: the modal, not the field's blur, decides
  const wide = useMediaQuery('(min-width: 48em)')

  const revertName = () => {
    asking.current = false
    setEditing(false)
    setName(product.content)
  }

  function nameKey(event) {
    if (event.key === 'Escape') return revertName()
    if (event.key !== 'Enter') return
    event.preventDefault()
    const next = cleanName(name)
    if (!next || next === product.content) return revertName()
    asking.current = true
    ask({ titleKey: 'catalogue.update.renameTitle', textKey: 'catalogue.update.renameConfirm',
      values: { from: product.content, to: next }, run: () => onRename(next), revert: revertName, done: revertName })
  }

  function synonymKey(event) {
    if (event.key !== 'Enter') return
    event.preventDefault()
    const value = cleanName(synonym)
    if (!value) return
    const clear = () => setSynonym('')
    ask({ titleKey: 'catalogue.update.addSynonymTitle', textKey: 'catalogue.update.addSynonymConfirm',
      values: { synonym: value, name: product.content }, run: () => onAddSynonym(value), revert: clear, done: clear })
  }

  return (
    <Table.Tr data-product={product.content}>
      <Table.Td>
        {editing ? (
          <TextInput size="xs" value={name} maxLength={NAME_MAX} autoFocus aria-label={t('catalogue.update.editProduct', { name: product.content })}
            onChange={(e) => setName(e.currentTarget.value)} onKeyDown={nameKey}
            onBlur={() => asking.current || revertName()}
            className="catalogue__productName" />
        ) : (
          <Group gap={4} wrap="nowrap">
            <CutText full={product.content} shown={wide ? product.content : productLabel(product.content)} fw={600}
              className="catalogue__productLabel" style={wide ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }} />
            <ActionIcon variant="subtle" size="sm" aria-label={t('catalogue.update.editProduct', { name: product.content })}
              onClick={() => { setName(product.content); setEditing(true) }}>
              <LineIcon name="edit" size={16} />
            </ActionIcon>
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="wrap" mb={6}>
          {product.synonyms.map((value) => (
            <Badge key={value} variant="light" radius="sm" tt="none" pr={2} className="catalogue__synonymBadge"
              rightSection={(
                <CloseButton size="xs" aria-label={t('catalogue.update.removeSynonym', { name: value })}
                  onClick={() => ask({ titleKey: 'catalogue.update.removeSynonymTitle', danger: true,
                    textKey: 'catalogue.update.removeSynonymConfirm', values: { synonym: value, name: product.content },
                    run: () => onRemoveSynonym(value) })} />
              )}>
              <CutText full={value} shown={synonymLabel(value)} size="xs" />
            </Badge>
          ))}
        </Group>
        <TextInput size="xs" placeholder={t('catalogue.update.synonymPlaceholder')} aria-label={t('catalogue.update.addSynonym')}
          value={synonym} maxLength={NAME_MAX} maw={220} onChange={(e) => setSynonym(e.currentTarget.value)}
          onKeyDown={synonymKey} className="catalogue__newSynonym" />
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="light" color="red" size="lg" aria-label={t('catalogue.update.deleteProduct', { name: product.content })}
          onClick={() => ask({ titleKey: 'catalogue.update.deleteTitle', textKey: 'catalogue.update.deleteConfirm',
            values: { name: product.content }, danger: true, run: onDelete })}>
          <LineIcon name="remove" />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  )
}
