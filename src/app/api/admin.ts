import { http } from './http';

/** Gives the `admin` role to the account with this e-mail (`POST /api/v1/admin/grants`). */
export async function grantAdmin(email: string): Promise<void> {
  await http.post('/api/v1/admin/grants', { json: { email } });
}
