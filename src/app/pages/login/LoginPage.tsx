import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TokenPair } from '../../../shared/api-types';
import { EMAIL_NOT_VERIFIED } from '../../../shared/api-types';
import {
  describeRequestFailure,
  failureMessage,
  logCallFailure,
  type RequestFailure,
} from '../../api/errors';
import { HTTPError, publicHttp } from '../../api/http';
import { ErrorWithRetry } from '../../components/ErrorWithRetry';
import { login } from '../../session';
import { ResendVerification } from './ResendVerification';
import '../auth.css';

/** Whether the login failed only because the e-mail is not verified yet. */
async function isUnverified(error: unknown): Promise<boolean> {
  if (!(error instanceof HTTPError) || error.response.status !== 403) return false;
  try {
    const body = (await error.response.clone().json()) as { code?: unknown };
    return body?.code === EMAIL_NOT_VERIFIED;
  } catch {
    return false;
  }
}

/** A failure that says nothing about the credentials: no network, overload, a server fault. */
function isOutage(failure: RequestFailure | undefined): boolean {
  if (!failure) return false;
  if (failure.kind === 'network' || failure.kind === 'timeout') return true;
  return failure.kind === 'http' && (failure.status >= 500 || failure.status === 429);
}

/**
 * Login (spec §2): e-mail, password with show/hide, 'Login failed' on any failure. On success
 * the guests-only guard sends the user to the saved return URL or /generator.
 */
export default function LoginPage() {
  const { t, i18n } = useLingui();
  const id = useId();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [failed, setFailed] = useState(false);
  /** The address whose right password met an unverified account. */
  const [unverified, setUnverified] = useState('');
  const [outage, setOutage] = useState<string | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  const reason = params.get('reason');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    await send();
  };

  /** Wrong credentials say 'Login failed' (spec §8); an outage says so and offers Retry. */
  const send = async () => {
    setFailed(false);
    setUnverified('');
    setOutage(undefined);
    setSubmitting(true);
    try {
      const pair = await publicHttp
        .post('/api/public/v1/auth/login', { json: { email: email.trim(), password } })
        .json<TokenPair>();
      if (!pair?.accessToken || !pair.refreshToken) throw new Error('No token received');
      login(pair);
    } catch (error) {
      if (await isUnverified(error)) {
        setUnverified(email.trim());
        setSubmitting(false);
        return;
      }
      const failure = await describeRequestFailure(error);
      if (isOutage(failure)) {
        logCallFailure('Login', error);
        setOutage(failureMessage(i18n, failure));
      } else {
        setFailed(true);
      }
      setSubmitting(false);
    }
  };

  return (
    <div className="page page-narrow">
      <div className="card auth-card">
        <h1>
          <Trans>Log in</Trans>
        </h1>
        <p className="muted">
          <Trans>Welcome back! Log in to continue to the generator.</Trans>
        </p>
        {reason === 'session_expired' || reason === 'refresh_failed' ? (
          <p className="form-notice" role="status">
            <Trans>Your session has ended. Please log in again.</Trans>
          </p>
        ) : null}
        <form className="form" onSubmit={onSubmit}>
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
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-password`}>
              <Trans>Password</Trans>
            </label>
            <div className="auth-password">
              <input
                id={`${id}-password`}
                name="password"
                className="input"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <button
                type="button"
                className="btn btn-link auth-password-toggle"
                aria-pressed={showPassword}
                aria-controls={`${id}-password`}
                aria-label={showPassword ? t`Hide password` : t`Show password`}
                onClick={() => setShowPassword((value) => !value)}
              >
                {showPassword ? <Trans>Hide</Trans> : <Trans>Show</Trans>}
              </button>
            </div>
          </div>
          <p className="login-forgot">
            <Link to="/forgot-password" state={{ email: email.trim() }}>
              <Trans>Forgot your password?</Trans>
            </Link>
          </p>
          {failed ? (
            <p className="form-error" role="alert">
              <Trans>Login failed</Trans>
            </p>
          ) : null}
          {unverified ? <ResendVerification key={unverified} email={unverified} /> : null}
          {outage ? (
            <ErrorWithRetry message={outage} onRetry={() => void send()} retrying={submitting} />
          ) : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
            {submitting ? <Trans>Logging in...</Trans> : <Trans>Log in</Trans>}
          </button>
        </form>
        <p className="auth-switch">
          <Trans>
            No account yet? <Link to="/register">Sign up</Link>
          </Trans>
        </p>
      </div>
    </div>
  );
}
