/** The signed-in user's picture in the top bar, opening a Mantine Menu that holds Logout (closed by a click
 *  outside or Escape). Logout is a Button in the dropdown, not a Menu.Item, so that it stays a button by
 *  role; it closes the menu itself. */
import { Button, Menu, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import Avatar from './Avatar'

export default function ProfileMenu({ user, onLogout }) {
  const { t } = useTranslation()
  const [opened, setOpened] = useState(false)
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" shadow="md" radius={6}>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.profile')}>
          <Avatar user={user} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown p="xs">
        <Button
          variant="outline"
          data-menu-item
          onClick={() => {
            setOpened(false)
            onLogout()
          }}
        >
          {t('common.logout')}
        </Button>
      </Menu.Dropdown>
    </Menu>
  )
}
