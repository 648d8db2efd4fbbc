/** Issue 13.3 and 13.10 in the app: the login page's not-verified notice, forgot and reset pages. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../../../../src/app/pages/login/LoginPage';
import ForgotPasswordPage from '../../../../src/app/pages/password/ForgotPasswordPage';
import ResetPasswordPage from '../../../../src/app/pages/password/ResetPasswordPage';
import { getSessionState } from '../../../../src/app/session';
import {
  jsonResponse,
  renderRoutes,
  renderWithProviders,
  signOut,
  stubFetch,
} from '../../shell/helpers';

const TOKEN = 'A'.repeat(43);
const NOT_VERIFIED = {
  message: 'Your e-mail is not verified yet.',
  code: 'EMAIL_NOT_VERIFIED',
};

beforeEach(() => {
  signOut();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function logIn(password = 'Secret#2024') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('login page: e-mail not verified yet (issue 13.10)', () => {
  it('says so after the right password and resends the link', async () => {
    let release!: () => void;
    const { calls } = stubFetch({
      'POST /api/public/v1/auth/login': () => jsonResponse(NOT_VERIFIED, 403),
      'POST /api/public/v1/registration/resend': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse({ message: 'sent' }, 202));
        }),
    });
    renderWithProviders(<LoginPage />);
    const user = await logIn();
    const notice = await screen.findByTestId('login-unverified');
    expect(notice.textContent).toMatch(/Your e-mail is not verified yet/);
    expect(screen.queryByText('Login failed')).toBeNull();
    expect(getSessionState().signedIn).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    const sending = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    release();
    expect((await screen.findByRole('status')).textContent).toMatch(
      /A link is on its way to ann@example.com/,
    );
    expect(JSON.parse(calls.at(-1)!.body)).toEqual({ email: 'ann@example.com' });
    expect(screen.getByRole('button', { name: 'Send it again' })).toBeTruthy();
  });

  it('shows a translated error (no raw text) when the resend fails, and can try again', async () => {
    let answer = () => jsonResponse({ message: 'Rate limit exceeded, retry in 1 minute' }, 429);
    stubFetch({
      'POST /api/public/v1/auth/login': () => jsonResponse(NOT_VERIFIED, 403),
      'POST /api/public/v1/registration/resend': () => answer(),
    });
    renderWithProviders(<LoginPage />);
    const user = await logIn();
    await user.click(await screen.findByRole('button', { name: 'Resend the link' }));
    expect(
      await screen.findByText('Too many attempts. Please wait a minute and try again.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Rate limit exceeded/)).toBeNull();
    answer = () => jsonResponse({ message: 'sent' }, 202);
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByRole('status')).toBeTruthy();
  });

  it("keeps 'Login failed' for a plain 401 and offers no resend", async () => {
    stubFetch({
      'POST /api/public/v1/auth/login': () => jsonResponse({ message: 'Invalid' }, 401),
    });
    renderWithProviders(<LoginPage />);
    await logIn('Wrong#123');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
    expect(screen.queryByTestId('login-unverified')).toBeNull();
  });

  it('speaks Russian and links to the password reset', async () => {
    stubFetch({ 'POST /api/public/v1/auth/login': () => jsonResponse(NOT_VERIFIED, 403) });
    renderWithProviders(<LoginPage />, { locale: 'ru' });
    const link = screen.getByRole('link', { name: 'Забыли пароль?' });
    expect(link.getAttribute('href')).toBe('/forgot-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Электронная почта'), 'ann@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'Secret#2024');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByTestId('login-unverified')).textContent).toMatch(
      /ещё не подтверждён/,
    );
    expect(screen.getByRole('button', { name: 'Отправить ссылку ещё раз' })).toBeTruthy();
  });
});

describe('forgot-password page (issue 13.3)', () => {
  it('checks the address, sends it and says "if an account uses it"', async () => {
    const { calls } = stubFetch({
      'POST /api/public/v1/password/forgot': () => jsonResponse({ message: 'ok' }, 202),
    });
    renderWithProviders(<ForgotPasswordPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByText('This field must not be empty')).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), ' ann@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByTestId('forgot-sent')).textContent).toMatch(
      /If an account uses ann@example.com, we have sent it a link/,
    );
    expect(JSON.parse(calls[0]!.body)).toEqual({ email: 'ann@example.com' });
  });

  it('shows loading, then a translated error with the form kept for a retry', async () => {
    let fail = true;
    stubFetch({
      'POST /api/public/v1/password/forgot': async () => {
        if (fail) throw new TypeError('Failed to fetch');
        return jsonResponse({ message: 'ok' }, 202);
      },
    });
    renderWithProviders(<ForgotPasswordPage />, { locale: 'ru' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Электронная почта'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Не удалось связаться с сервером. Проверьте подключение и попробуйте ещё раз.',
    );
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    expect((await screen.findByTestId('forgot-sent')).textContent).toMatch(/ann@example.com/);
  });
});

describe('reset-password page (issue 13.3)', () => {
  const routes = [{ path: '/reset-password/:token', element: <ResetPasswordPage /> }];

  it('checks the password with the shared rule and the repeat, then sets it', async () => {
    let release!: () => void;
    const { calls } = stubFetch({
      'POST /api/public/v1/password/reset': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse({ message: 'ok' }));
        }),
    });
    renderRoutes(routes, `/reset-password/${TOKEN}`);
    const user = userEvent.setup();
    const submit = () => user.click(screen.getByRole('button', { name: 'Set the new password' }));
    await user.type(screen.getByLabelText('New password'), 'password');
    await submit();
    expect(screen.getByText('This password is too common. Please choose another one')).toBeTruthy();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'has space');
    await submit();
    expect(screen.getByText(/Password must be 6-20 characters/)).toBeTruthy();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'NewPass#42');
    await user.type(screen.getByLabelText('Repeat the new password'), 'NewPass#43');
    await submit();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'NewPass#42');
    await submit();
    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    release();
    expect((await screen.findByTestId('reset-done')).textContent).toMatch(/logged out everywhere/);
    expect(JSON.parse(calls[0]!.body)).toEqual({ token: TOKEN, password: 'NewPass#42' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it.each([
    [404, 'This link has expired or does not exist. Ask for a new one.'],
    [400, 'This link is not valid or has already been used. Ask for a new one.'],
  ])('answers %i with its message and a way to a new link', async (status, text) => {
    stubFetch({
      'POST /api/public/v1/password/reset': () => jsonResponse({ message: 'raw' }, status),
    });
    renderRoutes(routes, `/reset-password/${TOKEN}`);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'NewPass#42');
    await user.type(screen.getByLabelText('Repeat the new password'), 'NewPass#42');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect((await screen.findByTestId('reset-link-error')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('says at once that a malformed link is invalid, in Russian too', () => {
    stubFetch({});
    renderRoutes(routes, '/reset-password/short', 'ru');
    expect(screen.getByTestId('reset-link-error').textContent).toBe(
      'Ссылка недействительна или уже использована. Запросите новую.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Смена пароля');
  });
});
