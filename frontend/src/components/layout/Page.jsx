/** The padded, width-limited frame of a screen's content. */
import { Box } from '@mantine/core'

export default function Page({ component = 'section', children, ...props }) {
  return (
    <Box component={component} px="lg" py="xl" maw={960} {...props}>
      {children}
    </Box>
  )
}
