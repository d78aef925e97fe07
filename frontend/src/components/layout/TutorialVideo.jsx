/** The tutorial video icon of the top bar (signed in only, spec 000 §2) and the popup video it opens: a Mantine
 *  Modal with a <video> of the app's own origin (the CSP's media-src is 'self'). The address is the build setting
 *  VITE_TUTORIAL_VIDEO_URL, a same-origin path; by default the placeholder /tutorial.mp4, with its poster. */
import { ActionIcon, AspectRatio, Modal, Text, Tooltip } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'

export const TUTORIAL_VIDEO_URL = import.meta.env.VITE_TUTORIAL_VIDEO_URL || '/tutorial.mp4'
const POSTER = '/tutorial-poster.svg'

function PlayIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="2" y="4" width="20" height="16" rx="3" />
      <path d="M10 9l5 3-5 3z" fill="currentColor" />
    </svg>
  )
}

export default function TutorialVideo() {
  const { t } = useTranslation()
  const [opened, modal] = useDisclosure(false)
  return (
    <>
      <Tooltip label={t('tutorial.open')}>
        <ActionIcon variant="subtle" size="lg" radius="xl" aria-label={t('tutorial.open')} onClick={modal.open}>
          <PlayIcon />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={modal.close} title={t('tutorial.title')} size="xl" centered
        closeButtonProps={{ 'aria-label': t('contact.close') }} styles={{ title: { fontWeight: 700 } }}>
        <AspectRatio ratio={16 / 9}>
          {/* preload="none": nothing is fetched until the viewer presses play. */}
          <video controls preload="none" poster={POSTER} aria-label={t('tutorial.title')} style={{ background: '#000' }}>
            <source src={TUTORIAL_VIDEO_URL} type="video/mp4" />
          </video>
        </AspectRatio>
        <Text size="sm" c="dimmed" mt="sm">{t('tutorial.caption')}</Text>
      </Modal>
    </>
  )
}
