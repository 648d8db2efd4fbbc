import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
// The module itself, not the barrel: this chunk must not pull in the whole core.
import { isValidEmail } from '../../../shared/account/validate-sign-up';
import { AccountCallError, type AccountFailure, requestPasswordReset } from '../../api/account';
import { SIGN_UP_MESSAGES } from '../register/sign-up-messages';
import { ACCOUNT_FAILURE_MESSAGES } from './account-failure';
import '../auth.css';

/**
 * /forgot-password: asks for a password-reset link. The answer is the same whether
 * or not the address has an account, so the page says "if".
 */
export default function ForgotPasswordPage() {
  const { i18n } = useLingui();
  const id = useId();
  const location = useLocation();
  const initial = (location.state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof initial === 'string' ? initial : '');
  const [fieldError, setFieldError] = useState<'REQUIRED' | 'INVALID_EMAIL' | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<AccountFailure | undefined>();
  const [sentTo, setSentTo] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    const problem = !address ? 'REQUIRED' : isValidEmail(address) ? undefined : 'INVALID_EMAIL';
    setFieldError(problem);
    if (problem) {
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setFailure(undefined);
    setSubmitting(true);
    try {
      await requestPasswordReset(address);
      setSentTo(address);
    } catch (error) {
      setFailure(error instanceof AccountCallError ? error.kind : 'unavailable');
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <div className="page page-narrow">
        <div className="card auth-card">
          <h1>
            <Trans>Check your e-mail</Trans>
          </h1>
          <div className="form-success" role="status" data-testid="forgot-sent">
            <p>
              <Trans>
                If an account uses {sentTo}, we have sent it a link to set a new password. The link
                works once, within an hour.
              </Trans>
            </p>
            <p>
              <Trans>No e-mail after a few minutes? Check the spam folder, or ask again.</Trans>
            </p>
          </div>
          <Link to="/login" className="btn btn-primary btn-block">
            <Trans>Back to login</Trans>
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="page page-narrow">
      <div className="card auth-card">
        <h1>
          <Trans>Forgot your password?</Trans>
        </h1>
        <p className="muted">
          <Trans>
            Enter the e-mail of your account and we will send you a link to set a new one.
          </Trans>
        </p>
        <form className="form" noValidate onSubmit={onSubmit}>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-email`}>
              <Trans>E-mail</Trans>
            </label>
            <input
              id={`${id}-email`}
              name="email"
              className="input"
              type="email"
              autoComplete="username"
              value={email}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${id}-email-error`}
              onChange={(event) => setEmail(event.target.value)}
            />
            <p className="field-error" id={`${id}-email-error`} aria-live="polite">
              {fieldError ? i18n._(SIGN_UP_MESSAGES[fieldError]) : ''}
            </p>
          </div>
          {failure ? (
            <p className="form-error" role="alert">
              {i18n._(ACCOUNT_FAILURE_MESSAGES[failure])}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
            {submitting ? <Trans>Sending...</Trans> : <Trans>Send the link</Trans>}
          </button>
        </form>
        <p className="auth-switch">
          <Trans>
            Remembered it? <Link to="/login">Log in</Link>
          </Trans>
        </p>
      </div>
    </div>
  );
}
