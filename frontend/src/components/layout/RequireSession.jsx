/** The signed-in area: without a stored JWT and user it sends the visitor to / (spec 000 §2). */
import { Box } from '@mantine/core'
import { Navigate, Outlet } from 'react-router-dom'
import { isSignedIn, useSessionStore } from '../../stores/session'
import classes from './Layout.module.css'
import SideMenu from './SideMenu'

export default function RequireSession() {
  const signedIn = useSessionStore(isSignedIn)
  if (!signedIn) return <Navigate to="/" replace />
  return (
    <Box className={classes.signedIn}>
      <SideMenu />
      <Box className={classes.signedInContent}>
        <Outlet />
      </Box>
    </Box>
  )
}
