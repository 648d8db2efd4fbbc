import { http } from './http';

/** Gives the `admin` role to the account with this e-mail (`POST /api/v1/admin/grants`). */
export async function grantAdmin(email: string): Promise<void> {
  await http.post('/api/v1/admin/grants', { json: { email } });
}

/** An admin account as `GET /api/v1/admin/admins` lists it. */
export interface AdminAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Admin by the server's ADMIN_EMAILS setting: cannot be revoked from the panel. */
  configured: boolean;
}

/** The admin accounts, ordered by e-mail. */
export async function listAdmins(): Promise<AdminAccount[]> {
  return http.get('/api/v1/admin/admins').json<AdminAccount[]>();
}

/** Removes the admin role (`DELETE /api/v1/admin/admins/:id`); 409 for the last admin. */
export async function revokeAdmin(id: string): Promise<void> {
  await http.delete(`/api/v1/admin/admins/${encodeURIComponent(id)}`);
}
