/** The FR/EN switch of the top bar: two toggle buttons (aria-pressed) in a Mantine Button.Group, the chosen
 *  language filled with the brand colour. Kept as buttons rather than a SegmentedControl (radio inputs):
 *  pressing "FR" / "EN" is the switch's contract with its users and the browser tests. */
import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { setLanguage } from '../../i18n'

export default function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  return (
    <Button.Group role="group" aria-label={t('common.language')}>
      {['fr', 'en'].map((lang) => {
        const active = i18n.language === lang
        return (
          <Button
            key={lang}
            size="compact-md"
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            onClick={() => setLanguage(lang)}
          >
            {lang.toUpperCase()}
          </Button>
        )
      })}
    </Button.Group>
  )
}
