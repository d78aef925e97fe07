/** The selected page's dashboard under the page list (spec 001 §2 "Dashboard"): most requested intents, then the
 *  posts' performance. Keyed by page, so another page starts again from the filters' defaults. */
import { Stack } from '@mantine/core'
import IntentsPie from './IntentsPie'
import PostsGrid from './PostsGrid'

export default function PageDashboard({ page }) {
  return (
    <Stack gap="lg" mt="lg" className="dashboard__stats">
      <IntentsPie page={page} />
      <PostsGrid page={page} />
    </Stack>
  )
}
