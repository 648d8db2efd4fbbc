import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../../../src/app/pages/login/LoginPage';
import { getSessionState } from '../../../src/app/session';
import { jsonResponse, renderWithProviders, signOut, stubFetch, tokenPair } from './helpers';

beforeEach(() => signOut());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('login page', () => {
  it('toggles the password between hidden and shown', () => {
    renderWithProviders(<LoginPage />);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it("shows 'Login failed' when the server refuses", async () => {
    stubFetch({
      'POST /api/public/v1/auth/login': () => jsonResponse({ message: 'Invalid credentials' }, 401),
    });
    renderWithProviders(<LoginPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
    expect(getSessionState().signedIn).toBe(false);
  });

  it('stores the tokens and signs in on success', async () => {
    const pair = tokenPair();
    const { calls } = stubFetch({ 'POST /api/public/v1/auth/login': () => jsonResponse(pair) });
    renderWithProviders(<LoginPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#2024');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(getSessionState().signedIn).toBe(true));
    expect(JSON.parse(calls[0]!.body)).toEqual({
      email: 'ann@example.com',
      password: 'Secret#2024',
    });
    expect(JSON.parse(localStorage.getItem('refreshToken')!)).toEqual({ token: pair.refreshToken });
  });

  it('explains a forced logout', () => {
    renderWithProviders(<LoginPage />, { route: '/login?reason=refresh_failed&t=1' });
    expect(screen.getByText('Your session has ended. Please log in again.')).toBeTruthy();
  });
});
