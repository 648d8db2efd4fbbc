import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { grantAdmin } from '../../api/admin';
import { HTTPError } from '../../api/http';

type Outcome =
  | { kind: 'granted'; email: string }
  | { kind: 'unknown' }
  | { kind: 'forbidden' }
  | { kind: 'failed' };

/**
 * Grants the admin role through the running server: the command-line tool must not
 * open the embedded database while the server has it.
 */
export default function GrantAdminForm({ onGranted }: { onGranted?: () => void } = {}) {
  const { t } = useLingui();
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    setBusy(true);
    setOutcome(undefined);
    try {
      await grantAdmin(address);
      setOutcome({ kind: 'granted', email: address.toLowerCase() });
      setEmail('');
      onGranted?.();
    } catch (error) {
      const status = error instanceof HTTPError ? error.response.status : 0;
      if (status === 404) setOutcome({ kind: 'unknown' });
      else if (status === 403) setOutcome({ kind: 'forbidden' });
      else {
        console.error('Granting the admin role failed', error);
        setOutcome({ kind: 'failed' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form admin-grant" onSubmit={onSubmit}>
      <h2>
        <Trans>Grant the admin role</Trans>
      </h2>
      <p className="muted">
        <Trans>The account gets the role at its next login or token refresh.</Trans>
      </p>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-email`}>
          <Trans>E-mail of the account</Trans>
        </label>
        <input
          id={`${id}-email`}
          name="email"
          className="input"
          type="email"
          autoComplete="off"
          required
          maxLength={320}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {outcome?.kind === 'granted' ? (
        <p className="form-success" role="status">
          <Trans>Admin role granted to {outcome.email}.</Trans>
        </p>
      ) : null}
      {outcome && outcome.kind !== 'granted' ? (
        <p className="form-error" role="alert">
          {outcome.kind === 'unknown'
            ? t`There is no account with this e-mail.`
            : outcome.kind === 'forbidden'
              ? t`Only an admin can grant the admin role.`
              : t`The role could not be granted. Please try again.`}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? <Trans>Granting...</Trans> : <Trans>Grant admin role</Trans>}
      </button>
    </form>
  );
}
