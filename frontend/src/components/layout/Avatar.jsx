/** A user's round picture, or their initials when the network gave no picture. */
export default function Avatar({ user, large = false }) {
  const fullName = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim()
  const className = large ? 'avatar avatar--large' : 'avatar'
  if (user.profilePictureUrl) return <img className={className} src={user.profilePictureUrl} alt={fullName} />
  const initials = [user.first_name, user.last_name].map((name) => name?.[0] ?? '').join('').toUpperCase()
  return (
    <span className={`${className} avatar--initials`} role="img" aria-label={fullName}>
      {initials}
    </span>
  )
}
