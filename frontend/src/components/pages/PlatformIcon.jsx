/** The network's mark: a small Facebook "f" or Instagram camera, named for screen readers. */
export default function PlatformIcon({ platform, size = 18 }) {
  const instagram = platform === 'instagram'
  const label = instagram ? 'Instagram' : 'Facebook'
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" role="img" aria-label={label} className="page-card__platform">
      <title>{label}</title>
      {instagram ? (
        <>
          <rect x="2" y="2" width="20" height="20" rx="6" fill="#d62976" />
          <circle cx="12" cy="12" r="4.5" fill="none" stroke="#fff" strokeWidth="2" />
          <circle cx="17.5" cy="6.5" r="1.3" fill="#fff" />
        </>
      ) : (
        <>
          <circle cx="12" cy="12" r="11" fill="#1877f2" />
          <path d="M13.4 20v-6.3h2.1l.3-2.5h-2.4V9.7c0-.7.2-1.2 1.2-1.2h1.3V6.3c-.2 0-1-.1-1.9-.1-1.9 0-3.2 1.2-3.2 3.3v1.8H8.7v2.5h2.1V20h2.6z" fill="#fff" />
        </>
      )}
    </svg>
  )
}
