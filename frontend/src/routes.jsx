/** The one route table (the specification's route list plus /auth/callback and /deletion/:code); pages load lazily.
 *  `signedIn` routes sit behind the session guard. */
import { lazy } from 'react'

const Landing = lazy(() => import('./pages/Landing'))
const HowToUse = lazy(() => import('./pages/HowToUse'))
const Home = lazy(() => import('./pages/Home'))

export const routes = [
  { path: '/', Page: Landing },
  { path: '/how-to-use-it', Page: HowToUse },
  { path: '/pricing', Page: lazy(() => import('./pages/Pricing')) },
  { path: '/politique-de-confidentialite', Page: lazy(() => import('./pages/PrivacyPolicy')) },
  { path: '/auth/callback', Page: lazy(() => import('./pages/AuthCallback')) },
  { path: '/how-to-use-it-home', Page: HowToUse, signedIn: true },
  { path: '/home', Page: Home, signedIn: true },
  { path: '/pages', Page: lazy(() => import('./pages/PageList')), signedIn: true },
  { path: '/home/dashboard', Page: lazy(() => import('./pages/Dashboard')), signedIn: true },
  { path: '/home/my-agents', Page: lazy(() => import('./pages/MyAgents')), signedIn: true },
  { path: '/home/agent-suggestions/:agentId', Page: lazy(() => import('./pages/AgentSuggestions')), signedIn: true },
  { path: '/home/my-agents-messages', Page: lazy(() => import('./pages/AgentMessages')), signedIn: true },
  { path: '/home/manage-products', Page: lazy(() => import('./pages/ManageProducts')), signedIn: true },
  { path: '/home/add-new-products', Page: lazy(() => import('./pages/AddProducts')), signedIn: true },
  { path: '/home/update-products', Page: lazy(() => import('./pages/UpdateProducts')), signedIn: true },
  { path: '/home/team', Page: lazy(() => import('./pages/Team')), signedIn: true },
  { path: '/home/billing', Page: lazy(() => import('./pages/Billing')), signedIn: true },
  { path: '/home/wizard-popup', Page: lazy(() => import('./pages/WizardPopup')), signedIn: true },
  { path: '/home/auto-wizard', Page: lazy(() => import('./pages/AutoWizard')), signedIn: true },
  { path: '/payment-success/Id/:id1/sId/:id2', Page: lazy(() => import('./pages/PaymentSuccess')), signedIn: true },
  // spec 000 §2 shows the home page here; the owner is told what happened to the payment instead (issue 42).
  { path: '/payment-failed', Page: lazy(() => import('./pages/PaymentFailed')), signedIn: true },
  { path: '/notification', Page: lazy(() => import('./pages/Notification')), signedIn: true },
  // Where Meta sends a person who asked for their data's deletion (docs/graph-api.md): public, the code is the key.
  { path: '/deletion/:code', Page: lazy(() => import('./pages/DataDeletion')) },
  { path: '/:tokenMembership', Page: lazy(() => import('./pages/Membership')) },
  { path: '*', Page: lazy(() => import('./pages/NotFound')) },
]
