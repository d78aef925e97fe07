/** The public landing page with the sections the spec names (the contact section holds the contact form); a
 *  signed-in visitor goes to the dashboard. */
import { Box, Button, Container, List, SimpleGrid, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router-dom'
import ContactForm from '../../components/contact/ContactForm'
import { useLogin } from '../../hooks/useLogin'
import { isSignedIn, useSessionStore } from '../../stores/session'
import classes from './Landing.module.css'

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
// The first heading is the page's headline: 2.2rem on desktop, shrinking with the screen down to 1.5rem so
// that the French one fits a 375px phone.
const HEADLINE_SIZE = 'clamp(1.5rem, 1rem + 3vw, 2.2rem)'

function useScrollToHash() {
  const { hash } = useLocation()
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView()
  }, [hash])
}

function Section({ id, children, inTrail = false, first = false }) {
  const padding = inTrail ? { px: 'md', py: 'xl' } : { px: 'lg', pt: first ? 64 : 48, pb: 48 }
  return (
    <Container component="section" id={id} size={860} className={classes.section} m={inTrail ? 0 : undefined} {...padding}>
      {children}
    </Container>
  )
}

function TextSection({ id, sectionKey, ...props }) {
  const { t } = useTranslation()
  return (
    <Section id={id} {...props}>
      <Title order={2} mb="xs" fz={props.first ? HEADLINE_SIZE : undefined}>{t(`landing.${sectionKey}.title`)}</Title>
      <Text>{t(`landing.${sectionKey}.body`)}</Text>
    </Section>
  )
}

export default function LandingPage() {
  const { t } = useTranslation()
  const signedIn = useSessionStore(isSignedIn)
  const { startLogin, starting } = useLogin()
  useScrollToHash()
  if (signedIn) return <Navigate to="/home/dashboard" replace />

  return (
    <Box>
      {TEXT_SECTIONS.map(({ id, key }, index) => <TextSection key={id} id={id} sectionKey={key} first={index === 0} />)}
      <Section id="process">
        <Title order={2} mb="xs">{t('landing.process.title')}</Title>
        <List type="ordered" spacing={4}>
          {PROCESS_STEPS.map((step) => <List.Item key={step}>{t(`landing.process.${step}`)}</List.Item>)}
        </List>
      </Section>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" px="lg" className={classes.trail}>
        {TRAIL_SECTIONS.map(({ id, key }) => <TextSection key={id} id={id} sectionKey={key} inTrail />)}
        <Section id="trail-business-3" inTrail>
          <Title order={2} mb="xs">{t('landing.trailBusiness3.title')}</Title>
          <Text mb="sm">{t('landing.trailBusiness3.body')}</Text>
          <Button disabled={starting} onClick={startLogin}>{t('landing.trailBusiness3.cta')}</Button>
        </Section>
      </SimpleGrid>
      <Section id="contact">
        <Title order={2} mb="xs">{t('landing.contact.title')}</Title>
        <Text mb="md">{t('landing.contact.body')}</Text>
        <ContactForm idPrefix="landing-contact" />
      </Section>
    </Box>
  )
}
