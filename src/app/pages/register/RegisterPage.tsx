import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RegistrationRequest } from '../../../shared/api-types';
// The module itself, not the barrel: the sign-up chunk must not share a chunk with the whole
// core (YAML, OpenAPI) that the generator uses.
import {
  validateSignUp,
  type SignUpErrorCode,
  type SignUpField,
} from '../../../shared/account/validate-sign-up';
import { describeRequestFailure, failureMessage, logCallFailure } from '../../api/errors';
import { publicHttp } from '../../api/http';
import { ErrorWithRetry } from '../../components/ErrorWithRetry';
import { useSiteSettings } from '../../api/site';
import { SIGN_UP_MESSAGES } from './sign-up-messages';
import '../auth.css';

type TextField = Exclude<SignUpField, 'acceptTerms'>;

const EMPTY: RegistrationRequest = {
  email: '',
  firstName: '',
  lastName: '',
  password: '',
  acceptTerms: false,
};

/** Sign-up (spec §2, §4, §5): four fields with per-field errors, terms, server error line. */
export default function RegisterPage() {
  const { t, i18n } = useLingui();
  const site = useSiteSettings();
  const formId = useId();
  const [form, setForm] = useState<RegistrationRequest>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<SignUpField, SignUpErrorCode>>>({});
  const [serverError, setServerError] = useState('');
  const [retryable, setRetryable] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [success, setSuccess] = useState(false);

  const fields: { name: TextField; label: string; type: string; autoComplete: string }[] = [
    { name: 'email', label: t`E-mail`, type: 'email', autoComplete: 'email' },
    { name: 'firstName', label: t`First name`, type: 'text', autoComplete: 'given-name' },
    { name: 'lastName', label: t`Last name`, type: 'text', autoComplete: 'family-name' },
    { name: 'password', label: t`Password`, type: 'password', autoComplete: 'new-password' },
  ];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const report = validateSignUp(form);
    setErrors(report.errors);
    if (!report.valid) {
      const first = fields.find((field) => report.errors[field.name]);
      if (first) document.getElementById(`${formId}-${first.name}`)?.focus();
      return;
    }
    await send();
  };

  /** Sends the form; our API's 4xx message shows as is, any other failure offers Retry. */
  const send = async () => {
    setServerError('');
    setRetryable(false);
    setSubmitting(true);
    try {
      await publicHttp.post('/api/public/v1/registration', { json: form });
      setSuccess(true);
    } catch (error) {
      logCallFailure('Registration', error);
      const failure = await describeRequestFailure(error);
      const own = failure?.kind === 'http' && failure.status !== 429 ? failure.message : undefined;
      setServerError(own ?? failureMessage(i18n, failure));
      setRetryable(!own);
      setSuccess(false);
    } finally {
      setSubmitting(false);
    }
  };

  if (success) {
    const support = site?.supportEmail;
    return (
      <div className="page page-narrow">
        <div className="card auth-card">
          <h1>
            <Trans>Check your e-mail</Trans>
          </h1>
          <div className="form-success" role="status">
            <p>
              <Trans>
                Registration successful! We have sent a link to {form.email}. Open it to verify your
                e-mail address, then log in.
              </Trans>
            </p>
            <p className="auth-success-support">
              {support ? (
                <Trans>
                  If something goes wrong, contact support:{' '}
                  <a href={`mailto:${support}`}>{support}</a>
                </Trans>
              ) : (
                <Trans>
                  If something goes wrong, contact support through the{' '}
                  <Link to="/contacts">contacts page</Link>.
                </Trans>
              )}
            </p>
          </div>
          <Link to="/login" className="btn btn-primary btn-block">
            <Trans>Go to login</Trans>
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="page page-narrow">
      <div className="card auth-card">
        <h1>
          <Trans>Sign up</Trans>
        </h1>
        <p className="muted">
          <Trans>Create an account to describe endpoints and generate OpenAPI documents.</Trans>
        </p>
        <form className="form" noValidate onSubmit={onSubmit}>
          {fields.map(({ name, label, type, autoComplete }) => {
            const id = `${formId}-${name}`;
            const code = errors[name];
            return (
              <div className="field" key={name}>
                <label className="field-label" htmlFor={id}>
                  {label}
                </label>
                <input
                  id={id}
                  name={name}
                  className="input"
                  type={type}
                  autoComplete={autoComplete}
                  value={form[name]}
                  aria-invalid={code ? true : undefined}
                  aria-describedby={`${id}-error`}
                  onChange={(event) => setForm({ ...form, [name]: event.target.value })}
                />
                <p className="field-error" id={`${id}-error`} aria-live="polite">
                  {code ? i18n._(SIGN_UP_MESSAGES[code]) : ''}
                </p>
              </div>
            );
          })}
          <label className="checkbox">
            <input
              type="checkbox"
              name="acceptTerms"
              checked={form.acceptTerms}
              onChange={(event) => setForm({ ...form, acceptTerms: event.target.checked })}
            />
            <span>
              <Trans>
                I accept the <Link to="/policies/terms-of-use">terms of use</Link>, the{' '}
                <Link to="/policies/privacy-policy">privacy policy</Link> and give my{' '}
                <Link to="/policies/personaldataprocessing">
                  consent to personal data processing
                </Link>
                .
              </Trans>
            </span>
          </label>
          {serverError && retryable ? (
            <ErrorWithRetry
              message={serverError}
              onRetry={() => void send()}
              retrying={submitting}
            />
          ) : serverError ? (
            <p className="form-error" role="alert">
              {serverError}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={!form.acceptTerms || submitting}
          >
            {submitting ? <Trans>Registering...</Trans> : <Trans>Register</Trans>}
          </button>
        </form>
        <p className="auth-switch">
          <Trans>
            Already have an account? <Link to="/login">Log in</Link>
          </Trans>
        </p>
      </div>
    </div>
  );
}
