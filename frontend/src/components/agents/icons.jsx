/** The list's small line icons (no icon library is installed): decorative, their buttons carry the names. */
const PATHS = {
  page: 'M4 4h16v16H4z M4 9h16 M9 9v11',
  post: 'M5 3h10l4 4v14H5z M14 3v5h5 M8 12h8 M8 16h6',
  pending: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M12 7v5l3 3',
  edit: 'M4 20h4L19 9l-4-4L4 16z M13 7l4 4',
  comments: 'M4 5h16v11H9l-5 4z M8 9h8 M8 12h5',
  remove: 'M5 7h14 M10 7V4h4v3 M7 7l1 13h8l1-13 M10 11v6 M14 11v6',
  replay: 'M4 12a8 8 0 1 0 2.3-5.6 M4 4v4h4 M10 9l5 3l-5 3z',
  robot: 'M7 8h10a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3v-6a3 3 0 0 1 3-3z M12 8V4 M9 13v1 M15 13v1 M9 17h6',
}

export default function LineIcon({ name, size = 18 }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  )
}
