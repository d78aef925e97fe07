/** A name shown cut (spec 001 §9: product names 11 → 9, synonyms 10) with the full text in a tooltip when cut. */
import { Text, Tooltip } from '@mantine/core'

export default function CutText({ full, shown, ...props }) {
  const text = <Text span {...props}>{shown}</Text>
  if (full === shown) return text
  return (
    <Tooltip label={full} withArrow multiline maw={260} style={{ overflowWrap: 'anywhere' }} events={{ hover: true, focus: true, touch: true }}>
      <Text span tabIndex={0} data-full={full} {...props}>{shown}</Text>
    </Tooltip>
  )
}
