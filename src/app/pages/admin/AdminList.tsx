import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type AdminAccount, listAdmins, revokeAdmin } from '../../api/admin';
import { HTTPError } from '../../api/http';
import { ConfirmDialog } from '../../components/ConfirmDialog';

type Notice =
  | { kind: 'revoked'; email: string }
  | { kind: 'last'; email: string }
  | { kind: 'configured'; email: string }
  | { kind: 'gone' }
  | { kind: 'forbidden' }
  | { kind: 'failed' };

/**
 * The admin accounts with "Revoke admin". The server refuses to revoke the last
 * admin and an admin by the ADMIN_EMAILS setting; those rows say why instead of offering it.
 * `version` changes when the parent grants a role, so the list is read again.
 */
export default function AdminList({ version }: { version: number }) {
  const { t } = useLingui();
  const [admins, setAdmins] = useState<AdminAccount[] | undefined>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [confirming, setConfirming] = useState<AdminAccount | undefined>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | undefined>();

  // Bumped after a revocation, so the list is read again.
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let cancelled = false;
    listAdmins().then(
      (list) => {
        if (cancelled) return;
        setAdmins(list);
        setLoadFailed(false);
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error('Listing the admins failed', error);
        setLoadFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [version, reloads]);

  const revoke = async (admin: AdminAccount) => {
    setConfirming(undefined);
    setBusy(true);
    setNotice(undefined);
    try {
      await revokeAdmin(admin.id);
      setNotice({ kind: 'revoked', email: admin.email });
    } catch (error) {
      const status = error instanceof HTTPError ? error.response.status : 0;
      if (status === 409) {
        setNotice({ kind: admin.configured ? 'configured' : 'last', email: admin.email });
      } else if (status === 404) setNotice({ kind: 'gone' });
      else if (status === 403) setNotice({ kind: 'forbidden' });
      else {
        console.error('Revoking the admin role failed', error);
        setNotice({ kind: 'failed' });
      }
    } finally {
      setBusy(false);
    }
    setReloads((n) => n + 1);
  };

  const onlyOne = admins?.length === 1;

  return (
    <section className="admin-list" aria-labelledby="admin-list-title">
      <h2 id="admin-list-title">
        <Trans>Admins</Trans>
      </h2>
      {admins === undefined && !loadFailed ? (
        <p className="muted">
          <Trans>Loading...</Trans>
        </p>
      ) : null}
      {loadFailed ? (
        <p className="form-error" role="alert">
          <Trans>The list of admins could not be loaded. Please reload the page.</Trans>
        </p>
      ) : null}
      {admins && admins.length > 0 ? (
        <ul className="admin-list-items">
          {admins.map((admin) => (
            <li key={admin.id} className="admin-list-item">
              <span className="admin-list-who">
                <span className="admin-list-email">{admin.email}</span>
                <span className="muted">
                  {admin.firstName} {admin.lastName}
                </span>
              </span>
              {admin.configured ? (
                <span className="muted admin-list-note">
                  <Trans>Set in the server configuration (ADMIN_EMAILS)</Trans>
                </span>
              ) : onlyOne ? (
                <span className="muted admin-list-note">
                  <Trans>The last admin</Trans>
                </span>
              ) : (
                <button
                  type="button"
                  className="btn"
                  disabled={busy}
                  aria-label={t`Revoke admin from ${admin.email}`}
                  onClick={() => setConfirming(admin)}
                >
                  <Trans>Revoke admin</Trans>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {notice?.kind === 'revoked' ? (
        <p className="form-success" role="status">
          <Trans>Admin role revoked from {notice.email}.</Trans>
        </p>
      ) : null}
      {notice && notice.kind !== 'revoked' ? (
        <p className="form-error" role="alert">
          {notice.kind === 'last'
            ? t`${notice.email} is the last admin. Grant the role to someone else first.`
            : notice.kind === 'configured'
              ? t`${notice.email} is an admin by the server configuration (ADMIN_EMAILS) and can only be removed there.`
              : notice.kind === 'gone'
                ? t`This account is no longer an admin.`
                : notice.kind === 'forbidden'
                  ? t`Only an admin can revoke the admin role.`
                  : t`The role could not be revoked. Please try again.`}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t`Revoke admin?`}
          confirmLabel={t`Revoke admin`}
          onConfirm={() => void revoke(confirming)}
          onCancel={() => setConfirming(undefined)}
        >
          <p>
            <Trans>
              <strong data-testid="confirm-admin">{confirming.email}</strong> loses access to the
              admin panel at once.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
