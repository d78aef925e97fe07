/** My agents' action that opens the agent's Suggestions screen (a light bulb). */
import { ActionIcon, Tooltip } from '@mantine/core'

export function BulbIcon({ size = 18 }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M9 18h6 M10 21h4 M12 3a6 6 0 0 0-4 10.5c.8.8 1 1.6 1 2.5h6c0-.9.2-1.7 1-2.5A6 6 0 0 0 12 3z" />
    </svg>
  )
}

export default function SuggestionsAction({ label, onClick }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="light" color="yellow" size="lg" aria-label={label} className="agents__suggestions"
        onClick={onClick}>
        <BulbIcon />
      </ActionIcon>
    </Tooltip>
  )
}
