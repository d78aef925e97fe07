/** The owner's disconnect modal (spec 000 §4, §5): make another team member the owner (pick, confirm, then a
 *  confirmation naming the new owner whose Close reloads the pages), or delete the page. */
import { Alert, Button, Divider, Group, Modal, Select, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pagesApi } from '../../api/pages'
import { useFeedbackStore } from '../../stores/feedback'

const memberName = (member) => member.name || `${member.first_name ?? ''} ${member.last_name ?? ''}`.trim()

export default function DisconnectModal({ page, opened, onClose, onChanged }) {
  const { t } = useTranslation()
  const [chosen, setChosen] = useState(null)
  const [problem, setProblem] = useState(null)
  const [busy, setBusy] = useState(null)
  const [newOwner, setNewOwner] = useState(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const admins = page.admins ?? []
  const members = admins.filter((member) => member.role !== 'owner')

  useEffect(() => {
    if (opened) {
      setChosen(null)
      setProblem(null)
      setNewOwner(null)
      setConfirmDelete(false)
    }
  }, [opened])

  function choose(idFacebook) {
    const member = admins.find((m) => m.idFacebook === idFacebook)
    if (member?.role === 'owner') {
      setProblem('pageCards.disconnect.ownerAlready')
      return
    }
    setProblem(null)
    setChosen(idFacebook)
  }

  async function makeOwner() {
    if (!chosen) {
      setProblem('pageCards.disconnect.selectOwner')
      return
    }
    setBusy('owner')
    try {
      const answer = await pagesApi.makeOwner(page.platform, page.idPage, chosen)
      if (answer === true) setNewOwner(memberName(admins.find((m) => m.idFacebook === chosen) ?? {}))
      else setProblem('pageCards.disconnect.ownerRefused')
    } catch (e) {
      console.warn('owner not changed', e)
      setProblem('pageCards.disconnect.ownerRefused')
    } finally {
      setBusy(null)
    }
  }

  async function remove() {
    setBusy('delete')
    try {
      await pagesApi.remove(page.platform, page.idPage)
      useFeedbackStore.getState().toast('pageCards.disconnect.deleted', 'success')
      onClose()
      onChanged?.()
    } catch (e) {
      console.warn('page not deleted', e)
      useFeedbackStore.getState().toast(`pageCards.errors.delete.${page.platform}`, 'error')
    } finally {
      setBusy(null)
    }
  }

  const closeAfterOwner = () => {
    onClose()
    onChanged?.()
  }

  return (
    <Modal opened={opened} onClose={newOwner ? closeAfterOwner : onClose} centered
      title={t('pageCards.disconnect.title', { name: page.name })}>
      {newOwner ? (
        <Stack>
          <Text>{t('pageCards.disconnect.ownerDone', { name: newOwner })}</Text>
          <Group justify="flex-end">
            <Button onClick={closeAfterOwner}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text fw={600}>{t('pageCards.disconnect.makeOwner')}</Text>
          {members.length === 0 ? (
            <Text size="sm" c="dimmed">{t('pageCards.disconnect.noMembers')}</Text>
          ) : (
            <>
              <Select label={t('pageCards.disconnect.pick')} placeholder={t('pageCards.disconnect.pickPlaceholder')}
                data={admins.map((m) => ({ value: m.idFacebook, label: `${memberName(m)}${m.role === 'owner' ? ` (${t('pageCards.roles.owner')})` : ''}` }))}
                value={chosen} onChange={choose} comboboxProps={{ withinPortal: true }} />
              <Group justify="flex-end">
                <Button onClick={makeOwner} loading={busy === 'owner'}>{t('pageCards.disconnect.confirmOwner')}</Button>
              </Group>
            </>
          )}
          {problem && <Alert color="red" variant="light" role="alert">{t(problem)}</Alert>}
          <Divider my="xs" />
          <Text fw={600}>{t('pageCards.disconnect.delete')}</Text>
          <Text size="sm" c="dimmed">{t('pageCards.disconnect.deleteHelp')}</Text>
          <Group justify="flex-end">
            {confirmDelete ? (
              <>
                <Button variant="default" onClick={() => setConfirmDelete(false)}>{t('common.cancel')}</Button>
                <Button color="red" onClick={remove} loading={busy === 'delete'}>{t('pageCards.disconnect.confirmDelete')}</Button>
              </>
            ) : (
              <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>{t('pageCards.disconnect.delete')}</Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
