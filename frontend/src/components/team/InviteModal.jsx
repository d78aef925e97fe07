/** The new invitation (spec 000 §4 steps 4-5): its link cut at 33 characters with a copy button (copied for
 *  1.5 s), and the address to mail it to (first) with the invited person's name. */
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { COPIED_MS, shownLink } from './teamRules'

export default function InviteModal({ invitation, email, name, onEmail, onName, onSend, onClose, sending, error }) {
  const { t } = useTranslation()
  const link = invitation?.link ?? ''
  return (
    <Modal opened={Boolean(invitation)} onClose={onClose} title={t('pages.team.invite.title')} centered size="lg">
      <Text size="sm" c="dimmed" mb="xs">{t('pages.team.invite.validity')}</Text>
      <Group gap="sm" mb="lg" className="team__link">
        {/* 34 monospace characters fit a 375 px phone's modal at the smaller size. */}
        <Text component="code" ff="monospace" fz="clamp(11px, 3.4vw, 14px)" title={link} px="sm" py={6}
          bg="var(--mantine-color-gray-1)"
          style={{ borderRadius: 6, flex: '1 1 260px', minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden' }}>
          {shownLink(link)}
        </Text>
        <CopyButton value={link} timeout={COPIED_MS}>
          {({ copied, copy }) => (
            <Tooltip label={t('pages.team.invite.copied')} opened={copied} withArrow position="right">
              <Button onClick={copy} color={copied ? 'teal' : undefined} variant={copied ? 'filled' : 'light'}
                style={{ flexShrink: 0 }}>
                {copied ? t('pages.team.invite.copied') : t('pages.team.invite.copy')}
              </Button>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <form onSubmit={(event) => { event.preventDefault(); onSend() }} noValidate>
        <Stack gap="sm">
          <Text fw={600}>{t('pages.team.invite.byMail')}</Text>
          {/* The address first: it is what the invitation needs, the name only greets the person. */}
          <TextInput type="email" label={t('pages.team.invite.email')} placeholder="name@example.com" value={email}
            onChange={(e) => onEmail(e.currentTarget.value)} error={error ? t(error) : null} maxLength={254}
            autoComplete="email" data-autofocus />
          <TextInput label={t('pages.team.invite.name')} value={name} onChange={(e) => onName(e.currentTarget.value)}
            maxLength={255} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
            <Button type="submit" loading={sending}>{t('pages.team.invite.send')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
