import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AccountCallError, type AccountFailure, resendVerification } from '../../api/account';
import { ACCOUNT_FAILURE_MESSAGES } from '../password/account-failure';

type Status = 'idle' | 'sending' | 'sent' | AccountFailure;

/**
 * Shown by the login page after the right password of an account whose e-mail is not verified
 * yet: says so and offers a new verification link.
 */
export function ResendVerification({ email }: { email: string }) {
  const { i18n } = useLingui();
  const [status, setStatus] = useState<Status>('idle');

  const resend = async () => {
    setStatus('sending');
    try {
      await resendVerification(email);
      setStatus('sent');
    } catch (error) {
      setStatus(error instanceof AccountCallError ? error.kind : 'unavailable');
    }
  };

  const failed = status !== 'idle' && status !== 'sending' && status !== 'sent';
  return (
    <div className="form-notice login-unverified" role="alert" data-testid="login-unverified">
      <p>
        <Trans>Your e-mail is not verified yet. Open the link we sent you, or get a new one.</Trans>
      </p>
      {status === 'sent' ? (
        <p role="status">
          <Trans>
            A link is on its way to {email}. It may take a minute to arrive; we send at most one a
            minute.
          </Trans>
        </p>
      ) : null}
      {failed ? (
        <p className="login-unverified-error">{i18n._(ACCOUNT_FAILURE_MESSAGES[status])}</p>
      ) : null}
      <button
        type="button"
        className="btn"
        disabled={status === 'sending'}
        onClick={() => void resend()}
      >
        {status === 'sending' ? (
          <Trans>Sending...</Trans>
        ) : status === 'sent' ? (
          <Trans>Send it again</Trans>
        ) : (
          <Trans>Resend the link</Trans>
        )}
      </button>
    </div>
  );
}
