/** The tutorial video icon of the top bar (signed in only, spec 000 §2) and the popup video it opens: a Mantine
 *  Modal with a <video> of the app's own origin (the CSP's media-src falls back to default-src 'self'). The address
 *  is the build setting VITE_TUTORIAL_VIDEO_URL, a same-origin path such as /tutorial.mp4 put in frontend/public;
 *  until one is set, the popup shows the placeholder poster and says the video is coming. */
import { ActionIcon, AspectRatio, Image, Modal, Text, Tooltip } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'

export const TUTORIAL_VIDEO_URL = import.meta.env.VITE_TUTORIAL_VIDEO_URL || null
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
        closeButtonProps={{ 'aria-label': t('common.close') }} styles={{ title: { fontWeight: 700 } }}>
        <AspectRatio ratio={16 / 9}>
          {TUTORIAL_VIDEO_URL ? (
            // preload="none": nothing is fetched until the viewer presses play.
            <video controls preload="none" poster={POSTER} src={TUTORIAL_VIDEO_URL} aria-label={t('tutorial.title')}
              style={{ background: '#000' }} />
          ) : (
            <Image src={POSTER} alt={t('tutorial.comingSoon')} radius="sm" />
          )}
        </AspectRatio>
        <Text size="sm" c="dimmed" mt="sm">
          {t('tutorial.caption')}{TUTORIAL_VIDEO_URL ? '' : ` ${t('tutorial.comingSoon')}`}
        </Text>
      </Modal>
    </>
  )
}
