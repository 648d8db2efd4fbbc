import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SignUpErrorCode } from '../../../shared/account/validate-sign-up';
// The module itself, not the barrel: this chunk must not pull in the whole core.
import { validatePassword } from '../../../shared/account/validate-sign-up';
import {
  AccountCallError,
  type AccountFailure,
  LINK_TOKEN_PATTERN,
  resetPassword,
} from '../../api/account';
import { SIGN_UP_MESSAGES } from '../register/sign-up-messages';
import { ACCOUNT_FAILURE_MESSAGES } from './account-failure';
import '../auth.css';

type FieldProblem = SignUpErrorCode | 'MISMATCH';

/**
 * /reset-password/:token: sets a new password with the link from the e-mail. The
 * shared password rule is checked before sending; success ends every session of the account.
 */
export default function ResetPasswordPage() {
  const { t, i18n } = useLingui();
  const { token = '' } = useParams();
  const id = useId();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [show, setShow] = useState(false);
  const [problem, setProblem] = useState<FieldProblem | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<AccountFailure | undefined>(
    LINK_TOKEN_PATTERN.test(token) ? undefined : 'link-invalid',
  );
  const [done, setDone] = useState(false);
  const linkDead = failure === 'link-invalid' || failure === 'link-expired';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || linkDead) return;
    const found: FieldProblem | undefined =
      validatePassword(password) ?? (password !== repeat ? 'MISMATCH' : undefined);
    setProblem(found);
    if (found) {
      document.getElementById(`${id}-${found === 'MISMATCH' ? 'repeat' : 'password'}`)?.focus();
      return;
    }
    setFailure(undefined);
    setSubmitting(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (error) {
      setFailure(error instanceof AccountCallError ? error.kind : 'unavailable');
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <div className="page page-narrow">
        <div className="card auth-card">
          <h1>
            <Trans>Password changed</Trans>
          </h1>
          <div className="form-success" role="status" data-testid="reset-done">
            <p>
              <Trans>
                Your password has been changed and you have been logged out everywhere. Log in with
                the new password.
              </Trans>
            </p>
          </div>
          <Link to="/login" className="btn btn-primary btn-block">
            <Trans>Log in</Trans>
          </Link>
        </div>
      </div>
    );
  }

  const passwordError = problem && problem !== 'MISMATCH' ? i18n._(SIGN_UP_MESSAGES[problem]) : '';
  return (
    <div className="page page-narrow">
      <div className="card auth-card">
        <h1>
          <Trans>Set a new password</Trans>
        </h1>
        <p className="muted">
          <Trans>Setting a new password logs you out on every device.</Trans>
        </p>
        {linkDead ? (
          <>
            <p className="form-error" role="alert" data-testid="reset-link-error">
              {i18n._(ACCOUNT_FAILURE_MESSAGES[failure])}
            </p>
            <p className="verify-actions">
              <Link to="/forgot-password" className="btn btn-primary btn-block">
                <Trans>Get a new link</Trans>
              </Link>
            </p>
          </>
        ) : (
          <form className="form" noValidate onSubmit={onSubmit}>
            <div className="field">
              <label className="field-label" htmlFor={`${id}-password`}>
                <Trans>New password</Trans>
              </label>
              <div className="auth-password">
                <input
                  id={`${id}-password`}
                  name="password"
                  className="input"
                  type={show ? 'text' : 'password'}
                  autoComplete="new-password"
                  value={password}
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={`${id}-password-error ${id}-hint`}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <button
                  type="button"
                  className="btn btn-link auth-password-toggle"
                  aria-pressed={show}
                  aria-controls={`${id}-password`}
                  aria-label={show ? t`Hide password` : t`Show password`}
                  onClick={() => setShow((value) => !value)}
                >
                  {show ? <Trans>Hide</Trans> : <Trans>Show</Trans>}
                </button>
              </div>
              <p className="password-hint" id={`${id}-hint`}>
                <Trans>6–20 characters: A–Z, a–z, 0–9 and !#$%&^=?/@</Trans>
              </p>
              <p className="field-error" id={`${id}-password-error`} aria-live="polite">
                {passwordError}
              </p>
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${id}-repeat`}>
                <Trans>Repeat the new password</Trans>
              </label>
              <input
                id={`${id}-repeat`}
                name="repeat"
                className="input"
                type={show ? 'text' : 'password'}
                autoComplete="new-password"
                value={repeat}
                aria-invalid={problem === 'MISMATCH' ? true : undefined}
                aria-describedby={`${id}-repeat-error`}
                onChange={(event) => setRepeat(event.target.value)}
              />
              <p className="field-error" id={`${id}-repeat-error`} aria-live="polite">
                {problem === 'MISMATCH' ? <Trans>The passwords do not match</Trans> : ''}
              </p>
            </div>
            {failure ? (
              <p className="form-error" role="alert">
                {i18n._(ACCOUNT_FAILURE_MESSAGES[failure])}
              </p>
            ) : null}
            <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
              {submitting ? <Trans>Saving...</Trans> : <Trans>Set the new password</Trans>}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
