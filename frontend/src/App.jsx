/** The layout (top bar, content, footer, feedback), the route table with the signed-in guard,
 *  and scroll-to-top on every route change. */
import { Suspense } from 'react'
import { Route, Routes } from 'react-router-dom'
import AlertDialog from './components/feedback/AlertDialog'
import Spinner from './components/feedback/Spinner'
import Footer from './components/layout/Footer'
import RequireSession from './components/layout/RequireSession'
import ScrollToTop from './components/layout/ScrollToTop'
import TopBar from './components/layout/TopBar'
import { routes } from './routes'

const toRoute = ({ path, Page }) => <Route key={path} path={path} element={<Page />} />

export default function App() {
  return (
    <div className="app">
      <ScrollToTop />
      <TopBar />
      <main className="app__main">
        <Suspense fallback={<Spinner />}>
          <Routes>
            {routes.filter((r) => !r.signedIn).map(toRoute)}
            <Route element={<RequireSession />}>{routes.filter((r) => r.signedIn).map(toRoute)}</Route>
          </Routes>
        </Suspense>
      </main>
      <Footer />
      <AlertDialog />
    </div>
  )
}
