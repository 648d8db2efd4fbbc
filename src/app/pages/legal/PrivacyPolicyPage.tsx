import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { LegalDocument, OperatorDetails, SupportEmail, useOperator } from './LegalDocument';

/** Privacy policy (`/policies/privacy-policy`), spec §9: retention periods and the 30-day answer. */
export default function PrivacyPolicyPage() {
  const { t } = useLingui();
  const { operatorName } = useOperator();
  return (
    <LegalDocument
      title={t`Privacy policy`}
      intro={
        <p>
          <Trans>
            This policy explains which personal data the Specform website and service collect, why,
            how long they are kept and what rights you have. It is published by the operator,
            individual entrepreneur {operatorName}, and applies to everyone who visits the site or
            uses the service.
          </Trans>
        </p>
      }
      sections={[
        {
          id: 'operator',
          title: t`Who processes your data`,
          body: (
            <>
              <p>
                <Trans>
                  The operator of your personal data is an individual entrepreneur (hereinafter “the
                  Operator”) with the following details:
                </Trans>
              </p>
              <OperatorDetails />
              <p>
                <Trans>
                  The Operator processes personal data in accordance with Federal Law No. 152-FZ of
                  27 July 2006 “On Personal Data” and other applicable legislation.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'data',
          title: t`What data we collect`,
          body: (
            <>
              <ul>
                <li>
                  <Trans>
                    Account data: your e-mail address, first name and last name, and your password,
                    which we store only as a one-way hash.
                  </Trans>
                </li>
                <li>
                  <Trans>
                    Subscription and payment data: the chosen plan, order numbers, amounts,
                    currencies, payment status and subscription end date. Card details and wallet
                    data are entered on the payment provider’s page and never reach us.
                  </Trans>
                </li>
                <li>
                  <Trans>
                    Messages you send to us through the contact form or to the support e-mail, with
                    the contact details you give in them.
                  </Trans>
                </li>
                <li>
                  <Trans>
                    Technical data: IP address, browser type and version, pages visited, the time of
                    requests, cookies and similar data kept in your browser, and analytics data.
                  </Trans>
                </li>
              </ul>
              <p>
                <Trans>
                  The endpoint descriptions and documents you create are built in your browser; we
                  do not collect their contents.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'purposes',
          title: t`Why we process it`,
          body: (
            <ul>
              <li>
                <Trans>
                  to register your account, verify your e-mail address and let you sign in;
                </Trans>
              </li>
              <li>
                <Trans>to provide the service and check whether your subscription is active;</Trans>
              </li>
              <li>
                <Trans>
                  to accept payments and keep the records that accounting and tax law require;
                </Trans>
              </li>
              <li>
                <Trans>to answer your questions and requests;</Trans>
              </li>
              <li>
                <Trans>
                  to protect the service and its users from fraud, abuse and unauthorised access;
                </Trans>
              </li>
              <li>
                <Trans>to understand, in aggregate, how the site is used and to improve it.</Trans>
              </li>
            </ul>
          ),
        },
        {
          id: 'grounds',
          title: t`Legal grounds`,
          body: (
            <p>
              <Trans>
                We process personal data on the basis of your consent (see the{' '}
                <Link to="/policies/personaldataprocessing">
                  consent to personal data processing
                </Link>
                ), to perform the agreement with you under the{' '}
                <Link to="/policies/terms-of-use">terms of use</Link>, to meet legal obligations,
                and in our legitimate interest in keeping the service secure.
              </Trans>
            </p>
          ),
        },
        {
          id: 'cookies',
          title: t`Cookies and browser storage`,
          body: (
            <>
              <p>
                <Trans>
                  The site keeps a few small records in your browser: your language choice, whether
                  you accepted the cookie notice, your sign-in tokens, the page to return to after
                  signing in again, and a copy of your profile for faster display. They are needed
                  for the site to work.
                </Trans>
              </p>
              <p>
                <Trans>
                  Cookies and analytics data are kept for at most 12 months, after which they are
                  deleted or made anonymous. You can delete cookies and site data in your browser
                  settings at any time; you will then be signed out.
                </Trans>
              </p>
              <p>
                <Trans>
                  The tutorial video on the home page is loaded from YouTube or Rutube only after
                  you press play. From that moment the video platform’s own privacy policy applies
                  to what it collects.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'retention',
          title: t`How long we keep data`,
          body: (
            <ul>
              <li>
                <Trans>
                  Account data: while your account exists, and deleted once it is closed.
                </Trans>
              </li>
              <li>
                <Trans>
                  Payment records: for the period required by accounting and tax legislation.
                </Trans>
              </li>
              <li>
                <Trans>
                  Contact-form data and correspondence: 1 year after our last interaction with you.
                </Trans>
              </li>
              <li>
                <Trans>Cookie and analytics data: no more than 12 months.</Trans>
              </li>
              <li>
                <Trans>
                  Security logs: for as long as needed to investigate incidents, and no longer than
                  12 months.
                </Trans>
              </li>
            </ul>
          ),
        },
        {
          id: 'sharing',
          title: t`Who we share data with`,
          body: (
            <>
              <p>
                <Trans>
                  We do not sell personal data. We pass it on only where this is needed to provide
                  the service:
                </Trans>
              </p>
              <ul>
                <li>
                  <Trans>
                    payment providers, which receive the order number and amount and process the
                    payment on their own page;
                  </Trans>
                </li>
                <li>
                  <Trans>
                    hosting and e-mail delivery providers, which act on our instructions and under a
                    duty of confidentiality;
                  </Trans>
                </li>
                <li>
                  <Trans>public authorities, when the law requires it.</Trans>
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'security',
          title: t`How we protect data`,
          body: (
            <p>
              <Trans>
                Connections to the site are encrypted; passwords are stored only as strong one-way
                hashes; sign-in tokens are short-lived; repeated failed sign-in attempts are slowed
                down; and access to the data is limited to what each task requires.
              </Trans>
            </p>
          ),
        },
        {
          id: 'rights',
          title: t`Your rights`,
          body: (
            <>
              <p>
                <Trans>
                  You may ask us to tell you what data about you we hold, to correct or delete it,
                  to restrict its processing, and you may withdraw your consent at any time. You
                  also have the right to complain to the authority that supervises personal data
                  protection (Roskomnadzor).
                </Trans>
              </p>
              <p className="legal-highlight">
                <Trans>
                  Send your request to <SupportEmail />. We answer requests within 30 days of
                  receiving them.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'changes',
          title: t`Changes to this policy`,
          body: (
            <p>
              <Trans>
                We may update this policy. The date of the last revision is shown at the top of the
                page; significant changes are announced on the site before they take effect.
              </Trans>
            </p>
          ),
        },
      ]}
    />
  );
}
