/** The public landing page with the sections the spec names; a signed-in visitor goes to the dashboard. */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router-dom'
import { useLogin } from '../../hooks/useLogin'
import { isSignedIn, useSessionStore } from '../../stores/session'

const TEXT_SECTIONS = [
  { id: 'our-solution', key: 'ourSolution' },
  { id: 'prebuilt-solution', key: 'prebuiltSolution' },
  { id: 'how-make', key: 'howMake' },
]
const TRAIL_SECTIONS = [
  { id: 'trail-business-1', key: 'trailBusiness1' },
  { id: 'trail-business-2', key: 'trailBusiness2' },
]
const PROCESS_STEPS = ['step1', 'step2', 'step3']

function useScrollToHash() {
  const { hash } = useLocation()
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView()
  }, [hash])
}

function TextSection({ id, sectionKey }) {
  const { t } = useTranslation()
  return (
    <section id={id} className="landing__section">
      <h2>{t(`landing.${sectionKey}.title`)}</h2>
      <p>{t(`landing.${sectionKey}.body`)}</p>
    </section>
  )
}

export default function LandingPage() {
  const { t } = useTranslation()
  const signedIn = useSessionStore(isSignedIn)
  const { startLogin, starting } = useLogin()
  useScrollToHash()
  if (signedIn) return <Navigate to="/home/dashboard" replace />

  return (
    <div className="landing">
      {TEXT_SECTIONS.map(({ id, key }) => <TextSection key={id} id={id} sectionKey={key} />)}
      <section id="process" className="landing__section">
        <h2>{t('landing.process.title')}</h2>
        <ol className="landing__steps">
          {PROCESS_STEPS.map((step) => <li key={step}>{t(`landing.process.${step}`)}</li>)}
        </ol>
      </section>
      <div className="landing__trail">
        {TRAIL_SECTIONS.map(({ id, key }) => <TextSection key={id} id={id} sectionKey={key} />)}
        <section id="trail-business-3" className="landing__section landing__section--cta">
          <h2>{t('landing.trailBusiness3.title')}</h2>
          <p>{t('landing.trailBusiness3.body')}</p>
          <button type="button" className="button button--primary" disabled={starting} onClick={startLogin}>
            {t('landing.trailBusiness3.cta')}
          </button>
        </section>
      </div>
      <TextSection id="contact" sectionKey="contact" />
    </div>
  )
}
