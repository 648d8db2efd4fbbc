import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { describeRequestFailure, logCallFailure } from '../../api/errors';
import { publicHttp } from '../../api/http';
import { useSiteSettings } from '../../api/site';
import { LoadingState } from '../../components/Guards';
import '../auth.css';

/** The outcomes of spec §8 "Verification". */
export type VerifyOutcome =
  | { kind: 'missing' }
  | { kind: 'verified' }
  | { kind: 'not-found'; message: string }
  | { kind: 'invalid' }
  | { kind: 'unexpected' };

const calls = new Map<string, Promise<VerifyOutcome>>();

async function verify(uuid: string): Promise<VerifyOutcome> {
  try {
    await publicHttp.put('/api/public/v1/registration/verify', { json: { uuid } });
    return { kind: 'verified' };
  } catch (error) {
    const failure = await describeRequestFailure(error);
    if (failure?.kind === 'http') {
      if (failure.status === 404) return { kind: 'not-found', message: failure.message ?? '' };
      if (failure.status === 400) return { kind: 'invalid' };
    }
    logCallFailure('E-mail verification', error);
    return { kind: 'unexpected' };
  }
}

/** One call per id and page load: a verification link is single use. */
export function verifyOnce(uuid: string): Promise<VerifyOutcome> {
  let call = calls.get(uuid);
  if (!call) {
    call = verify(uuid);
    calls.set(uuid, call);
  }
  return call;
}

/** /emailverification/:id — sends `{ uuid: id }` on opening and shows the outcome. */
export default function VerifyEmailPage() {
  const { id } = useParams();
  const site = useSiteSettings();
  const [outcome, setOutcome] = useState<VerifyOutcome | undefined>(
    id ? undefined : { kind: 'missing' },
  );

  /** Bumped by Retry after an unexpected failure (the link was not used: the call failed). */
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!id) return;
    let alive = true;
    void verifyOnce(id).then((result) => alive && setOutcome(result));
    return () => {
      alive = false;
    };
  }, [id, attempt]);
  const retry = () => {
    if (!id) return;
    calls.delete(id);
    setOutcome(undefined);
    setAttempt((n) => n + 1);
  };

  if (!outcome) return <LoadingState />;
  const support = site?.supportEmail ?? '';
  let message: React.ReactNode;
  switch (outcome.kind) {
    case 'missing':
      message = <Trans>Invalid verification link</Trans>;
      break;
    case 'verified':
      message = <Trans>Email successfully verified</Trans>;
      break;
    case 'not-found':
      message = outcome.message || <Trans>Invalid verification link.</Trans>;
      break;
    case 'invalid':
      message = <Trans>Invalid verification link.</Trans>;
      break;
    case 'unexpected':
      message = (
        <Trans>
          Unpredicted error. Contact to support: <a href={`mailto:${support}`}>{support}</a>
        </Trans>
      );
      break;
  }
  const ok = outcome.kind === 'verified';
  return (
    <div className="page page-narrow">
      <div className="card auth-card">
        <h1>
          <Trans>E-mail verification</Trans>
        </h1>
        <div
          className={`verify-message ${ok ? 'form-success' : 'form-error'}`}
          role={ok ? 'status' : 'alert'}
          data-testid="verify-result"
        >
          {message}
        </div>
        {outcome.kind === 'unexpected' ? (
          <p className="verify-actions">
            <button type="button" className="btn btn-block" onClick={retry}>
              <Trans>Retry</Trans>
            </button>
          </p>
        ) : null}
        <p className="verify-actions">
          {ok ? (
            <Link to="/login" className="btn btn-primary btn-block">
              <Trans>Log in</Trans>
            </Link>
          ) : (
            <Link to="/" className="btn btn-block">
              <Trans>Go to the home page</Trans>
            </Link>
          )}
        </p>
      </div>
    </div>
  );
}
