import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import type { SiteSettings } from '../../../shared/api-types';
import { localOperatorName, useSiteSettings } from '../../api/site';
import { DemoDetailsNote } from '../../components/DemoDetailsNote';
import { entrepreneurName } from './operator-name';
import './legal.css';

/*
 * The legal texts are Lingui messages, one per paragraph or list item, like every other string:
 * one extract/translate workflow, and a test proves each has its Russian translation. The cost
 * is that they sit in the per-locale catalog every page loads — about 19 KB of the Russian
 * catalog's text, roughly 7 KB gzipped. Should the landing page's budget get tight, these pages
 * can move to per-locale content modules loaded with the page instead.
 */

/** Date the legal texts were last revised; change it together with the texts. */
export const LEGAL_TEXTS_UPDATED = new Date(Date.UTC(2026, 10, 21));

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * Operator details for the legal texts. The values come from the server's site settings; until
 * they arrive (or when the server cannot be reached) a neutral placeholder stands in. The name
 * is the entrepreneur's own name: the texts put "individual entrepreneur" in front of it.
 */
export function useOperator(): SiteSettings & { known: boolean } {
  const { i18n } = useLingui();
  const settings = useSiteSettings();
  return {
    operatorName: settings?.operatorName
      ? entrepreneurName(localOperatorName(settings, i18n.locale))
      : '…',
    demo: settings?.demo ?? false,
    supportEmail: settings?.supportEmail || '',
    taxNumber: settings?.taxNumber || '…',
    registrationNumber: settings?.registrationNumber || '…',
    known: !!settings,
  };
}

/** The support address as a mailto link, or a link to the contacts page while it is unknown. */
export function SupportEmail() {
  const { supportEmail } = useOperator();
  if (!supportEmail) {
    return (
      <Link to="/contacts">
        <Trans>the support address on the contacts page</Trans>
      </Link>
    );
  }
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}

/** The operator's name, tax number, registration number and support e-mail as a definition list. */
export function OperatorDetails() {
  const operator = useOperator();
  const name = operator.operatorName;
  return (
    <>
      <dl className="legal-operator">
        <div>
          <dt>
            <Trans>Operator</Trans>
          </dt>
          <dd>
            <Trans>Individual entrepreneur {name}</Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Tax number (INN)</Trans>
          </dt>
          <dd>{operator.taxNumber}</dd>
        </div>
        <div>
          <dt>
            <Trans>Registration number (OGRNIP)</Trans>
          </dt>
          <dd>{operator.registrationNumber}</dd>
        </div>
        <div>
          <dt>
            <Trans>E-mail</Trans>
          </dt>
          <dd>
            <SupportEmail />
          </dd>
        </div>
      </dl>
      <DemoDetailsNote site={operator} />
    </>
  );
}

/** Layout shared by the three legal texts: title, revision date, contents and numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const { t, i18n } = useLingui();
  const updated = i18n.date(LEGAL_TEXTS_UPDATED, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <article className="legal page">
      <header className="legal-header">
        <h1>{title}</h1>
        <p className="legal-updated">
          <Trans>Last updated: {updated}</Trans>
        </p>
        <div className="legal-intro">{intro}</div>
      </header>
      <nav className="legal-toc" aria-label={t`Contents`}>
        <h2 className="legal-toc-title">
          <Trans>Contents</Trans>
        </h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          className="legal-section"
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
      <nav className="legal-related" aria-label={t`Related documents`}>
        <NavLink to="/policies/privacy-policy">
          <Trans>Privacy policy</Trans>
        </NavLink>
        <NavLink to="/policies/terms-of-use">
          <Trans>Terms of use</Trans>
        </NavLink>
        <NavLink to="/policies/personaldataprocessing">
          <Trans>Consent to personal data processing</Trans>
        </NavLink>
        <NavLink to="/contacts">
          <Trans>Contacts</Trans>
        </NavLink>
      </nav>
    </article>
  );
}
