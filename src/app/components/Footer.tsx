import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { localOperatorName, useSiteSettings } from '../api/site';
import { DemoDetailsNote } from './DemoDetailsNote';
import { LanguageSwitch } from './LanguageSwitch';
import './Footer.css';

/** Footer of spec §2: support link, language switch, operator details and the policy links. */
export function Footer() {
  const { t, i18n } = useLingui();
  const site = useSiteSettings();
  const year = new Date().getFullYear();
  return (
    <footer className="shell-footer">
      <div className="container shell-footer-inner">
        <div className="shell-footer-col">
          <p className="shell-footer-brand">Specform</p>
          {site ? (
            <dl className="shell-operator">
              <div>
                <dt className="visually-hidden">
                  <Trans>Operator</Trans>
                </dt>
                <dd>{localOperatorName(site, i18n.locale)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Tax number (INN):</Trans>
                </dt>
                <dd>{site.taxNumber}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Registration number (OGRNIP):</Trans>
                </dt>
                <dd>{site.registrationNumber}</dd>
              </div>
              <div>
                <dt>
                  <Trans>E-mail:</Trans>
                </dt>
                <dd>{site.supportEmail}</dd>
              </div>
            </dl>
          ) : null}
          <DemoDetailsNote site={site} />
          <p className="shell-footer-copy">© {year} Specform</p>
        </div>
        <nav className="shell-footer-col" aria-label={t`Footer`}>
          <ul className="shell-footer-links">
            <li>
              <Link to="/contacts">
                <Trans>Contacts</Trans>
              </Link>
            </li>
            <li>
              <Link to="/pricing">
                <Trans>Pricing</Trans>
              </Link>
            </li>
            <li>
              <Link to="/policies/terms-of-use">
                <Trans>Terms of use</Trans>
              </Link>
            </li>
            <li>
              <Link to="/policies/privacy-policy">
                <Trans>Privacy policy</Trans>
              </Link>
            </li>
            <li>
              <Link to="/policies/personaldataprocessing">
                <Trans>Consent to personal data processing</Trans>
              </Link>
            </li>
          </ul>
        </nav>
        <div className="shell-footer-col shell-footer-side">
          {site?.supportEmail ? (
            <a className="shell-support" href={`mailto:${site.supportEmail}`}>
              <Trans>Contact support</Trans>
            </a>
          ) : (
            <Link className="shell-support" to="/contacts">
              <Trans>Support</Trans>
            </Link>
          )}
          <LanguageSwitch />
        </div>
      </div>
    </footer>
  );
}
