import { Trans } from '@lingui/react/macro';

/** /admin for admins (spec §2): only the welcome text. */
export default function AdminPage() {
  return (
    <div className="page page-narrow">
      <div className="card">
        <h1 className="shell-admin-welcome">
          <Trans>Welcome to admin panel!</Trans>
        </h1>
      </div>
    </div>
  );
}
