import { Trans } from '@lingui/react/macro';
import GrantAdminForm from './GrantAdminForm';
import './admin.css';

/** /admin for admins (spec §2): the welcome text, then granting the admin role (issue 13 §1). */
export default function AdminPage() {
  return (
    <div className="page page-narrow">
      <div className="card">
        <h1 className="shell-admin-welcome">
          <Trans>Welcome to admin panel!</Trans>
        </h1>
      </div>
      <div className="card admin-grant-card">
        <GrantAdminForm />
      </div>
    </div>
  );
}
