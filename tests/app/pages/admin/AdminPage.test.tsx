import { fireEvent, screen } from '@testing-library/react';
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
    });
    renderPage(<AdminPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to admin panel!');
    submit(' New.Admin@Example.com ');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Admin role granted to new.admin@example.com.',
    );
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toEqual({ email: 'New.Admin@Example.com' });
    expect(calls[0]!.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('says when there is no such account, in Russian too', async () => {
    signIn(['admin']);
    stubFetch({
      'POST /api/v1/admin/grants': () => jsonResponse({ message: 'No account' }, 404),
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
