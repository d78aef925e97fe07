/** The layout (Mantine AppShell: top bar as its header; content and footer in its main), the route table
 *  with the signed-in guard, the blocking alert, and scroll-to-top on every route change. */
import { AppShell, Box } from '@mantine/core'
import { Suspense } from 'react'
import { Route, Routes } from 'react-router-dom'
import AlertDialog from './components/feedback/AlertDialog'
import Spinner from './components/feedback/Spinner'
import Footer from './components/layout/Footer'
import classes from './components/layout/Layout.module.css'
import RequireSession from './components/layout/RequireSession'
import ScrollToTop from './components/layout/ScrollToTop'
import TopBar from './components/layout/TopBar'
import { routes } from './routes'

const toRoute = ({ path, Page }) => <Route key={path} path={path} element={<Page />} />

export default function App() {
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <ScrollToTop />
      <AppShell.Header className={classes.header}>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <Box className={classes.content}>
          <Suspense fallback={<Spinner />}>
            <Routes>
              {routes.filter((r) => !r.signedIn).map(toRoute)}
              <Route element={<RequireSession />}>{routes.filter((r) => r.signedIn).map(toRoute)}</Route>
            </Routes>
          </Suspense>
        </Box>
        <Footer />
      </AppShell.Main>
      <AlertDialog />
    </AppShell>
  )
}
