import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { localOperatorName, useSiteSettings } from '../../api/site';
import { DemoDetailsNote } from '../../components/DemoDetailsNote';
import { entrepreneurName } from '../legal/operator-name';
import './contacts.css';

/** Contacts (spec §2): operator name, support e-mail, tax and registration numbers, quick links. */
export default function ContactsPage() {
  const { t, i18n } = useLingui();
  const site = useSiteSettings();
  const name = site?.operatorName
    ? entrepreneurName(localOperatorName(site, i18n.locale))
    : undefined;
  const pending = <span className="contacts-pending">{t`Loading...`}</span>;
  return (
    <div className="page contacts">
      <h1>
        <Trans>Contacts</Trans>
      </h1>
      <p className="contacts-lead">
        <Trans>
          Questions about your account, payments or the generator? Write to support — we answer
          every message.
        </Trans>
      </p>
      <div className="contacts-grid">
        <section className="card contacts-card" aria-labelledby="contacts-support-title">
          <h2 id="contacts-support-title">
            <Trans>Support</Trans>
          </h2>
          {site?.supportEmail ? (
            <a className="contacts-email" href={`mailto:${site.supportEmail}`}>
              {site.supportEmail}
            </a>
          ) : (
            pending
          )}
          <p className="muted">
            <Trans>Requests about personal data are answered within 30 days.</Trans>
          </p>
        </section>
        <section className="card contacts-card" aria-labelledby="contacts-operator-title">
          <h2 id="contacts-operator-title">
            <Trans>Operator</Trans>
          </h2>
          <dl className="contacts-details">
            <div>
              <dt>
                <Trans>Full name</Trans>
              </dt>
              <dd data-testid="contacts-operator-name">
                {name ? <Trans>Individual entrepreneur {name}</Trans> : pending}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Tax number (INN)</Trans>
              </dt>
              <dd data-testid="contacts-tax-number">{site ? site.taxNumber : pending}</dd>
            </div>
            <div>
              <dt>
                <Trans>Registration number (OGRNIP)</Trans>
              </dt>
              <dd data-testid="contacts-registration-number">
                {site ? site.registrationNumber : pending}
              </dd>
            </div>
          </dl>
          <DemoDetailsNote site={site} />
        </section>
      </div>
      <nav className="contacts-links" aria-labelledby="contacts-links-title">
        <h2 id="contacts-links-title">
          <Trans>Quick links</Trans>
        </h2>
        <ul>
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
            <Link to="/pricing">
              <Trans>Pricing</Trans>
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
