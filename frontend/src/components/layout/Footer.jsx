/** Footer on every route: copyright, privacy policy, contact address, social networks, newsletter. */
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import NewsletterForm from './NewsletterForm'

const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
]

export default function Footer() {
  const { t } = useTranslation()
  return (
    <footer className="footer">
      <div className="footer__column">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <Link to="/politique-de-confidentialite">{t('footer.privacy')}</Link>
        <p>{t('footer.contactAddress')}</p>
      </div>
      <div className="footer__column">
        <p>{t('footer.social')}</p>
        <ul className="footer__social">
          {SOCIAL_LINKS.map(({ name, href }) => (
            <li key={name}>
              <a href={href} target="_blank" rel="noopener noreferrer">{name}</a>
            </li>
          ))}
        </ul>
      </div>
      <div className="footer__column">
        <NewsletterForm />
      </div>
    </footer>
  )
}
