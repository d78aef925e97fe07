/** A user's round picture (Mantine Avatar), or their initials in the brand colour when the network gave
 *  no picture. */
import { Avatar as MantineAvatar } from '@mantine/core'

export default function Avatar({ user, large = false }) {
  const fullName = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim()
  const size = large ? 72 : 36
  if (user.profilePictureUrl) return <MantineAvatar src={user.profilePictureUrl} alt={fullName} size={size} />
  const initials = [user.first_name, user.last_name].map((name) => name?.[0] ?? '').join('').toUpperCase()
  return (
    <MantineAvatar role="img" aria-label={fullName} size={size} color="brand" variant="filled">
      {initials}
    </MantineAvatar>
  )
}
