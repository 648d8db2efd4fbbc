import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminPage from '../../../../src/app/pages/admin/AdminPage';
import { jsonResponse, renderPage, signIn, signOut, stubFetch } from '../pricing/page-helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

function submit(email: string) {
  fireEvent.change(screen.getByLabelText('E-mail of the account'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Grant admin role' }));
}

describe('AdminPage: granting the admin role (issue 13 §1)', () => {
  it('keeps the welcome text and grants through the API', async () => {
    signIn(['admin']);
    const { calls } = stubFetch({
      'POST /api/v1/admin/grants': () => jsonResponse({ message: 'Granted' }),
      'GET /api/v1/admin/admins': () => jsonResponse([]),
    });
    renderPage(<AdminPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to admin panel!');
    submit(' New.Admin@Example.com ');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Admin role granted to new.admin@example.com.',
    );
    const grants = calls.filter((call) => call.method === 'POST');
    expect(grants).toHaveLength(1);
    expect(JSON.parse(grants[0]!.body)).toEqual({ email: 'New.Admin@Example.com' });
    expect(grants[0]!.headers.get('authorization')).toMatch(/^Bearer /);
    // The list of admins is read again after a grant.
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('says when there is no such account, in Russian too', async () => {
    signIn(['admin']);
    stubFetch({
      'POST /api/v1/admin/grants': () => jsonResponse({ message: 'No account' }, 404),
      'GET /api/v1/admin/admins': () => jsonResponse([]),
    });
    renderPage(<AdminPage />, { locale: 'ru' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe(
      'Welcome to admin panel!',
    );
    fireEvent.change(screen.getByLabelText('E-mail учётной записи'), {
      target: { value: 'nobody@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Выдать роль' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Учётной записи с таким e-mail нет.',
    );
  });

  it('shows a translated message, not the raw error, when the call fails', async () => {
    signIn(['admin']);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({
      'POST /api/v1/admin/grants': () =>
        new Response('<html>502 Bad Gateway</html>', { status: 502 }),
      'GET /api/v1/admin/admins': () => jsonResponse([]),
    });
    renderPage(<AdminPage />);
    submit('someone@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The role could not be granted. Please try again.',
    );
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

const BOB = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'bob@example.com',
  firstName: 'Bob',
  lastName: 'Builder',
  configured: false,
};
const ROOT = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'root@example.com',
  firstName: 'Root',
  lastName: 'Admin',
  configured: true,
};

describe('AdminPage: the list of admins and "Revoke admin" (issue 21 §3)', () => {
  it('lists admins, asks before revoking, revokes and reads the list again', async () => {
    signIn(['admin']);
    let admins = [BOB, ROOT];
    const { calls } = stubFetch({
      'POST /api/v1/admin/grants': () => jsonResponse({ message: 'Granted' }),
      'GET /api/v1/admin/admins': () => jsonResponse(admins),
      [`DELETE /api/v1/admin/admins/${BOB.id}`]: () => {
        admins = [ROOT];
        return jsonResponse({ message: 'Revoked' });
      },
    });
    renderPage(<AdminPage />);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('bob@example.com')).toBeTruthy();
    // The ADMIN_EMAILS admin offers no button, only why.
    expect(within(list).getByText('Set in the server configuration (ADMIN_EMAILS)')).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: /Revoke admin/ })).toHaveLength(1);

    // Cancel first: nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Revoke admin from bob@example.com' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-admin').textContent).toBe('bob@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke admin from bob@example.com' }));
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', {
        name: 'Revoke admin',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Admin role revoked from bob@example.com.',
    );
    const deletes = calls.filter((call) => call.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.headers.get('authorization')).toMatch(/^Bearer /);
    await waitFor(() => expect(screen.queryByText('bob@example.com')).toBeNull());
    expect(screen.getByText('root@example.com')).toBeTruthy();
  });

  it('says when the server refuses to revoke the last admin', async () => {
    signIn(['admin']);
    const carol = {
      ...BOB,
      id: '33333333-3333-4333-8333-333333333333',
      email: 'carol@example.com',
    };
    stubFetch({
      'GET /api/v1/admin/admins': () => jsonResponse([BOB, carol]),
      [`DELETE /api/v1/admin/admins/${carol.id}`]: () =>
        jsonResponse({ message: 'carol is the last admin' }, 409),
    });
    renderPage(<AdminPage />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Revoke admin from carol@example.com' }),
    );
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', {
        name: 'Revoke admin',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'carol@example.com is the last admin. Grant the role to someone else first.',
    );
  });

  it('offers no "Revoke admin" for the only admin', async () => {
    signIn(['admin']);
    stubFetch({ 'GET /api/v1/admin/admins': () => jsonResponse([BOB]) });
    renderPage(<AdminPage />);
    expect(await screen.findByText('The last admin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Revoke admin/ })).toBeNull();
  });
});
