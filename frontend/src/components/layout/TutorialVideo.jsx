/** The tutorial icon of the top bar (signed in only, spec 000 §2) and the popup it opens: a walk-through of the
 *  product's own screens (issue 42 §4), one slide a step, each a screenshot in the reader's language recorded by the
 *  browser tests (tests/e2e/test_tutorial_walkthrough_screen.py writes frontend/public/tutorial/<step>-<lang>.jpg)
 *  with its caption. A video replaces it when the build sets VITE_TUTORIAL_VIDEO_URL (a same-origin path such as
 *  /tutorial.mp4 put in frontend/public: the CSP's media-src falls back to default-src 'self'). */
import { Carousel } from '@mantine/carousel'
import '@mantine/carousel/styles.css'
import { ActionIcon, AspectRatio, Button, Group, Image, Modal, Stack, Text, Title, Tooltip } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

export const TUTORIAL_VIDEO_URL = import.meta.env.VITE_TUTORIAL_VIDEO_URL || null
const POSTER = '/tutorial-poster.svg'
// In the order a new shop owner goes: each names its screenshot and its caption (tutorial.steps.<step>).
export const TUTORIAL_STEPS = ['pages', 'products', 'agents', 'simulator', 'home']

function PlayIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="2" y="4" width="20" height="16" rx="3" />
      <path d="M10 9l5 3-5 3z" fill="currentColor" />
    </svg>
  )
}

function Walkthrough() {
  const { t, i18n } = useTranslation()
  const [embla, setEmbla] = useState(null)
  const [shown, setShown] = useState(0)
  const lang = i18n.language === 'fr' ? 'fr' : 'en'
  const last = TUTORIAL_STEPS.length - 1
  return (
    <Stack gap="sm">
      {/* The buttons sit under the slides, so that on a phone none covers a screenshot or its caption. */}
      <Carousel withControls={false} slideGap="md" getEmblaApi={setEmbla} onSlideChange={setShown}
        className="tutorial" aria-label={t('tutorial.title')}>
        {TUTORIAL_STEPS.map((step, index) => (
          <Carousel.Slide key={step} className="tutorial__step" data-step={step} aria-hidden={index !== shown}>
            <Stack gap="xs">
              <AspectRatio ratio={16 / 10}>
                <Image src={`/tutorial/${step}-${lang}.jpg`} alt={t(`tutorial.steps.${step}.title`)} radius="sm"
                  fit="contain" bg="var(--mantine-color-gray-1)" loading={index === 0 ? 'eager' : 'lazy'} />
              </AspectRatio>
              <Title order={3} size="h4">{t(`tutorial.steps.${step}.title`)}</Title>
              <Text size="sm">{t(`tutorial.steps.${step}.text`)}</Text>
            </Stack>
          </Carousel.Slide>
        ))}
      </Carousel>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Button variant="default" size="sm" disabled={shown === 0} onClick={() => embla?.scrollPrev()}
          aria-label={t('tutorial.previous')}>‹</Button>
        <Text size="sm" c="dimmed" className="tutorial__position" aria-live="polite">
          {t('tutorial.stepOf', { n: shown + 1, total: TUTORIAL_STEPS.length })}
        </Text>
        <Button size="sm" disabled={shown === last} onClick={() => embla?.scrollNext()}
          aria-label={t('tutorial.next')}>›</Button>
      </Group>
    </Stack>
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
        {TUTORIAL_VIDEO_URL ? (
          <>
            <AspectRatio ratio={16 / 9}>
              {/* preload="none": nothing is fetched until the viewer presses play. */}
              <video controls preload="none" poster={POSTER} src={TUTORIAL_VIDEO_URL} aria-label={t('tutorial.title')}
                style={{ background: '#000' }} />
            </AspectRatio>
            <Text size="sm" c="dimmed" mt="sm">{t('tutorial.caption')}</Text>
          </>
        ) : <Walkthrough />}
      </Modal>
    </>
  )
}
