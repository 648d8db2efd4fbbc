import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { LegalDocument, OperatorDetails, SupportEmail, useOperator } from './LegalDocument';

/** Terms of use (`/policies/terms-of-use`), spec §9: billed in advance, non-refundable. */
export default function TermsOfUsePage() {
  const { t } = useLingui();
  const { operatorName } = useOperator();
  return (
    <LegalDocument
      title={t`Terms of use`}
      intro={
        <p>
          <Trans>
            These terms are an agreement between you and individual entrepreneur {operatorName}{' '}
            (“the Operator”) about the use of the Specform website and service. By creating an
            account or paying for a subscription you accept them in full.
          </Trans>
        </p>
      }
      sections={[
        {
          id: 'definitions',
          title: t`Definitions`,
          body: (
            <ul>
              <li>
                <Trans>
                  “Service” — the Specform web application that builds OpenAPI documents from a form
                  and loads them back into it.
                </Trans>
              </li>
              <li>
                <Trans>“User” — a person who visits the site or uses the Service.</Trans>
              </li>
              <li>
                <Trans>
                  “Account” — the User’s personal area, opened by registering with an e-mail
                  address.
                </Trans>
              </li>
              <li>
                <Trans>
                  “Subscription” — paid access to generating and loading documents for a chosen
                  period.
                </Trans>
              </li>
            </ul>
          ),
        },
        {
          id: 'account',
          title: t`Your account`,
          body: (
            <>
              <p>
                <Trans>
                  Give accurate details when you register and confirm your e-mail address. Keep your
                  password secret: you are responsible for everything done under your account.
                </Trans>
              </p>
              <p>
                <Trans>
                  If you think someone else has used your account, change your password and tell us
                  at once at <SupportEmail />.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'service',
          title: t`The service`,
          body: (
            <>
              <p>
                <Trans>
                  You can register and explore the Service for free. Generating OpenAPI documents
                  and loading YAML into the form require an active subscription.
                </Trans>
              </p>
              <p>
                <Trans>
                  The Service is provided “as is”. We work to keep it available and correct, but we
                  may change, improve or temporarily suspend features, for example for maintenance.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'payment',
          title: t`Subscriptions and payment`,
          body: (
            <>
              <p>
                <Trans>
                  Subscriptions are sold for 1 month or 12 months at the prices shown on the{' '}
                  <Link to="/pricing">pricing page</Link> at the moment of the order.
                </Trans>
              </p>
              <p className="legal-highlight">
                <Trans>
                  Subscriptions are billed in advance: the whole period is paid before it starts.
                  The period begins when the payment provider confirms the payment.
                </Trans>
              </p>
              <p>
                <Trans>
                  Payment is made on the payment provider’s page, which opens in a new tab. Renewing
                  an active subscription adds the new period to the end of the current one. There
                  are no automatic recurring charges: each period is paid separately.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'refunds',
          title: t`No refunds`,
          body: (
            <p className="legal-highlight">
              <Trans>
                Payments are non-refundable, including for an unused part of a subscription period,
                except where a refund is required by mandatory provisions of the law.
              </Trans>
            </p>
          ),
        },
        {
          id: 'use',
          title: t`Acceptable use`,
          body: (
            <>
              <p>
                <Trans>You agree not to:</Trans>
              </p>
              <ul>
                <li>
                  <Trans>use the Service for anything unlawful;</Trans>
                </li>
                <li>
                  <Trans>
                    try to get around its security, access other users’ accounts or data, or
                    interfere with its operation;
                  </Trans>
                </li>
                <li>
                  <Trans>overload it with automated requests;</Trans>
                </li>
                <li>
                  <Trans>resell or share your access with others.</Trans>
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'content',
          title: t`Your documents`,
          body: (
            <p>
              <Trans>
                The endpoint descriptions and documents you create belong to you. The generator
                builds them in your browser and we do not store them, so keep your own copies.
              </Trans>
            </p>
          ),
        },
        {
          id: 'ip',
          title: t`Intellectual property`,
          body: (
            <p>
              <Trans>
                The Service, its software, design and texts belong to the Operator. These terms give
                you the right to use the Service for its purpose while your account is active; they
                transfer no other rights.
              </Trans>
            </p>
          ),
        },
        {
          id: 'liability',
          title: t`Liability`,
          body: (
            <p>
              <Trans>
                Check the generated documents before relying on them: we do not guarantee that they
                suit a particular purpose. To the extent the law allows, the Operator’s liability is
                limited to the amount you paid for the current subscription period.
              </Trans>
            </p>
          ),
        },
        {
          id: 'termination',
          title: t`Suspension and termination`,
          body: (
            <p>
              <Trans>
                We may suspend or close an account that breaks these terms. You may stop using the
                Service at any time and ask us to delete your account by writing to <SupportEmail />
                .
              </Trans>
            </p>
          ),
        },
        {
          id: 'changes',
          title: t`Changes and governing law`,
          body: (
            <>
              <p>
                <Trans>
                  We may change these terms; the new version applies from its publication on this
                  page, and a paid period continues under the terms in force when it was bought.
                </Trans>
              </p>
              <p>
                <Trans>
                  These terms are governed by the law of the Russian Federation. Disputes are first
                  settled by negotiation; a written claim is answered within 30 days.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'contacts',
          title: t`Operator details`,
          body: <OperatorDetails />,
        },
      ]}
    />
  );
}
