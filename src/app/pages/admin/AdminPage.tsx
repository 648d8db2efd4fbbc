import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import AdminList from './AdminList';
import GrantAdminForm from './GrantAdminForm';
import './admin.css';

/**
 * /admin for admins (spec §2): the welcome text, granting the admin role and the
 * list of admins with "Revoke admin".
 */
export default function AdminPage() {
  const [version, setVersion] = useState(0);
  return (
    <div className="page page-narrow">
      <div className="card">
        <h1 className="shell-admin-welcome">
          <Trans>Welcome to admin panel!</Trans>
        </h1>
      </div>
      <div className="card admin-grant-card">
        <GrantAdminForm onGranted={() => setVersion((v) => v + 1)} />
      </div>
      <div className="card admin-grant-card">
        <AdminList version={version} />
      </div>
    </div>
  );
}
