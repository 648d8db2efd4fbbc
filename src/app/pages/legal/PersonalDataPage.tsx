import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { LegalDocument, OperatorDetails, SupportEmail, useOperator } from './LegalDocument';

/** Consent to personal data processing (`/policies/personaldataprocessing`). */
export default function PersonalDataPage() {
  const { t } = useLingui();
  const { operatorName, taxNumber, registrationNumber } = useOperator();
  return (
    <LegalDocument
      title={t`Consent to personal data processing`}
      intro={
        <p>
          <Trans>
            By ticking the consent box when registering, or by sending a form on this site, I
            freely, of my own will and in my own interest give my consent to individual entrepreneur{' '}
            {operatorName} (INN {taxNumber}, OGRNIP {registrationNumber}) to process my personal
            data on the terms set out below.
          </Trans>
        </p>
      }
      sections={[
        {
          id: 'operator',
          title: t`Operator`,
          body: <OperatorDetails />,
        },
        {
          id: 'data',
          title: t`Personal data covered`,
          body: (
            <ul>
              <li>
                <Trans>last name and first name;</Trans>
              </li>
              <li>
                <Trans>e-mail address;</Trans>
              </li>
              <li>
                <Trans>data about my subscription, orders and payments;</Trans>
              </li>
              <li>
                <Trans>the contents of my messages to support and of forms I send;</Trans>
              </li>
              <li>
                <Trans>technical data: IP address, browser data, cookies and analytics data.</Trans>
              </li>
            </ul>
          ),
        },
        {
          id: 'purposes',
          title: t`Purposes`,
          body: (
            <ul>
              <li>
                <Trans>registering and maintaining my account, verifying my e-mail address;</Trans>
              </li>
              <li>
                <Trans>providing the service and the subscription I pay for;</Trans>
              </li>
              <li>
                <Trans>processing payments and keeping the records required by law;</Trans>
              </li>
              <li>
                <Trans>answering my requests and sending me service messages;</Trans>
              </li>
              <li>
                <Trans>keeping the service secure.</Trans>
              </li>
            </ul>
          ),
        },
        {
          id: 'actions',
          title: t`What the Operator may do with the data`,
          body: (
            <p>
              <Trans>
                Collection, recording, systematisation, accumulation, storage, clarification
                (updating, changing), retrieval, use, transfer (provision, access) to payment
                providers and to the hosting and e-mail providers that act on the Operator’s
                instructions, blocking, deletion and destruction — with or without automation.
              </Trans>
            </p>
          ),
        },
        {
          id: 'term',
          title: t`How long the consent lasts`,
          body: (
            <>
              <p>
                <Trans>
                  The consent is valid until the purposes of processing are achieved or until I
                  withdraw it. In particular:
                </Trans>
              </p>
              <ul>
                <li>
                  <Trans>
                    data from the contact form and correspondence are kept for 1 year after the last
                    interaction;
                  </Trans>
                </li>
                <li>
                  <Trans>cookie and analytics data are kept for no more than 12 months;</Trans>
                </li>
                <li>
                  <Trans>
                    payment records are kept for the period required by accounting and tax
                    legislation.
                  </Trans>
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'withdrawal',
          title: t`Withdrawing the consent`,
          body: (
            <>
              <p>
                <Trans>
                  I may withdraw this consent at any time by writing to <SupportEmail />. The
                  Operator answers such requests within 30 days of receiving them.
                </Trans>
              </p>
              <p>
                <Trans>
                  After the withdrawal the Operator stops processing and deletes my data, except for
                  the data the law requires it to keep. Without the data needed for the account the
                  service can no longer be provided.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'confirmation',
          title: t`Confirmation`,
          body: (
            <p>
              <Trans>
                I confirm that the data I provide are accurate and that I have read the{' '}
                <Link to="/policies/privacy-policy">privacy policy</Link>, which describes the
                processing in more detail.
              </Trans>
            </p>
          ),
        },
      ]}
    />
  );
}
