/** The signed-in area: without a stored JWT and user it sends the visitor to / (spec 000 §2). */
import { Navigate, Outlet } from 'react-router-dom'
import { isSignedIn, useSessionStore } from '../../stores/session'
import SideMenu from './SideMenu'

export default function RequireSession() {
  const signedIn = useSessionStore(isSignedIn)
  if (!signedIn) return <Navigate to="/" replace />
  return (
    <div className="signed-in">
      <SideMenu />
      <div className="signed-in__content">
        <Outlet />
      </div>
    </div>
  )
}
