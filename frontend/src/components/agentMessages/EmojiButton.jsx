/** The emoji picker of the reply box (emoji-picker-react, native emojis: no image is fetched), in a Mantine
 *  popover, loaded only when first opened; in French with the French emoji names. */
import { ActionIcon, Loader, Popover } from '@mantine/core'
import { Suspense, lazy, useState } from 'react'
import { useTranslation } from 'react-i18next'

const EmojiPicker = lazy(() => import('emoji-picker-react'))
const frenchEmojis = () => import('emoji-picker-react/data/emojis-fr').then((module) => module.default)

export default function EmojiButton({ onEmoji, disabled }) {
  const { t, i18n } = useTranslation()
  const [opened, setOpened] = useState(false)
  const french = i18n.language === 'fr'
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="light" size="lg" aria-label={t('agentMessages.reply.emoji')} disabled={disabled}
          onClick={() => setOpened((open) => !open)}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8"
            strokeLinecap="round" aria-hidden="true">
            <circle cx="12" cy="12" r="9" /><path d="M8.5 14.5a4.5 4.5 0 0 0 7 0" /><path d="M9 9.5h.01M15 9.5h.01" />
          </svg>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} className="reply__emojis">
        <Suspense fallback={<Loader size="sm" m="md" />}>
          <EmojiPicker width="min(330px, calc(100vw - 32px))" height={360} emojiStyle="native" lazyLoadEmojis
            previewConfig={{ showPreview: false }} skinTonesDisabled
            emojiData={french ? frenchEmojis : undefined}
            labels={{ searchPlaceholder: t('agentMessages.reply.emojiSearch'), searchLabel: t('agentMessages.reply.emojiSearch') }}
            onEmojiClick={(data) => onEmoji(data.emoji)} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  )
}
