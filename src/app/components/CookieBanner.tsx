import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import './CookieBanner.css';

/** localStorage key of the cookie-consent flag (spec §3). */
export const COOKIE_CONSENT_KEY = 'cookieConsent';
const ACCEPTED = 'accepted';

/** True unless the stored flag says 'accepted' (missing, 'undefined' and 'null' show the banner). */
export function needsCookieConsent(): boolean {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) !== ACCEPTED;
  } catch {
    return true;
  }
}

/** Cookie-consent banner shown on every page until accepted (spec §2 "Global elements"). */
export function CookieBanner() {
  const { t } = useLingui();
  const [visible, setVisible] = useState(needsCookieConsent);
  if (!visible) return null;
  const accept = () => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, ACCEPTED);
    } catch {
      // storage unavailable: hide for this page only
    }
    setVisible(false);
  };
  return (
    <section className="shell-cookie" role="region" aria-label={t`Cookie consent`}>
      <p className="shell-cookie-text">
        <Trans>
          We use cookies and browser storage to keep you signed in, remember your language and
          understand how the site is used. Read more in our{' '}
          <Link to="/policies/privacy-policy">privacy policy</Link>.
        </Trans>
      </p>
      <button type="button" className="btn btn-primary shell-cookie-accept" onClick={accept}>
        <Trans>Accept</Trans>
      </button>
    </section>
  );
}
