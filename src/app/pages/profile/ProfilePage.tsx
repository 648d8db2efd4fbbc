import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { isSubscriptionActive, useCustomer } from '../../api/customer';
import { LoadingState } from '../../components/Guards';
import { ErrorWithRetry } from '../../components/ErrorWithRetry';
import { failureMessage, type RequestFailure } from '../../api/errors';
import '../auth.css';

/** The classified failure of the last profile call, if it failed (see useCustomer). */
function failureOf(state: {
  status: string;
  failure?: RequestFailure;
}): RequestFailure | undefined {
  return state.status === 'error' ? state.failure : undefined;
}

/** Profile (spec §2): names, e-mail, subscription end or 'no active subscription', renew. */
export default function ProfilePage() {
  const { i18n } = useLingui();
  const state = useCustomer();
  const profile = state.profile;

  if (!profile) {
    if (state.status === 'loading') return <LoadingState />;
    return (
      <div className="page page-narrow page-profile">
        <div className="card auth-card">
          <h1>
            <Trans>Profile</Trans>
          </h1>
          <ErrorWithRetry
            message={
              <>
                <Trans>Could not load the profile.</Trans> {failureMessage(i18n, failureOf(state))}
              </>
            }
            onRetry={state.reload}
          />
        </div>
      </div>
    );
  }

  const active = isSubscriptionActive(profile);
  const until = profile.subscription?.until;
  return (
    <div className="page page-narrow page-profile">
      <div className="card auth-card">
        <h1>
          <Trans>Profile</Trans>
        </h1>
        <dl className="profile-list">
          <dt>
            <Trans>First name</Trans>
          </dt>
          <dd data-testid="profile-first-name">{profile.firstName}</dd>
          <dt>
            <Trans>Last name</Trans>
          </dt>
          <dd data-testid="profile-last-name">{profile.lastName}</dd>
          <dt>
            <Trans>E-mail</Trans>
          </dt>
          <dd data-testid="profile-email">{profile.email}</dd>
          <dt>
            <Trans>Subscription</Trans>
          </dt>
          <dd data-testid="profile-subscription">
            {active && typeof until === 'number' ? (
              <span className="profile-active">
                <Trans>
                  Active until{' '}
                  {i18n.date(new Date(until * 1000), {
                    year: 'numeric',
                    month: 'long',
                    day: 'numeric',
                  })}
                </Trans>
              </span>
            ) : (
              <span className="profile-inactive">
                <Trans>No active subscription</Trans>
              </span>
            )}
          </dd>
        </dl>
        {state.status === 'error' ? (
          <div className="error-with-retry">
            <p className="form-notice" role="status">
              <Trans>Could not refresh the profile; showing saved data.</Trans>{' '}
              {failureMessage(i18n, failureOf(state))}
            </p>
            <button type="button" className="btn error-with-retry-button" onClick={state.reload}>
              <Trans>Retry</Trans>
            </button>
          </div>
        ) : null}
        <Link to="/renew-subscription" className="btn btn-primary btn-block">
          <Trans>Renew subscription</Trans>
        </Link>
      </div>
    </div>
  );
}
