import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteSettingsCache } from '../../../src/app/api/site';
import ProfilePage from '../../../src/app/pages/profile/ProfilePage';
import VerifyEmailPage from '../../../src/app/pages/verify/VerifyEmailPage';
import { jsonResponse, renderWithProviders, signIn, signOut, stubFetch } from './helpers';

const SITE = {
  operatorName: 'IP Test',
  supportEmail: 'help@example.test',
  taxNumber: '1',
  registrationNumber: '2',
};

beforeEach(() => {
  signOut();
  resetSiteSettingsCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderVerify(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/emailverification" element={<VerifyEmailPage />} />
      <Route path="/emailverification/:id" element={<VerifyEmailPage />} />
    </Routes>,
    { route: path },
  );
}

describe('e-mail verification', () => {
  it('sends { uuid: id } once on opening and shows success', async () => {
    const { calls } = stubFetch({
      'GET /api/public/v1/site': () => jsonResponse(SITE),
      'PUT /api/public/v1/registration/verify': () => new Response(null, { status: 204 }),
    });
    renderVerify('/emailverification/tok-success');
    expect((await screen.findByTestId('verify-result')).textContent).toBe(
      'Email successfully verified',
    );
    const sent = calls.filter((c) => c.path === '/api/public/v1/registration/verify');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toEqual({ uuid: 'tok-success' });
  });

  it("a missing id gives 'Invalid verification link' without a call", async () => {
    const { calls } = stubFetch({ 'GET /api/public/v1/site': () => jsonResponse(SITE) });
    renderVerify('/emailverification');
    expect((await screen.findByTestId('verify-result')).textContent).toBe(
      'Invalid verification link',
    );
    expect(calls.filter((c) => c.path.includes('verify'))).toHaveLength(0);
  });

  it("404 shows the server's message", async () => {
    stubFetch({
      'GET /api/public/v1/site': () => jsonResponse(SITE),
      'PUT /api/public/v1/registration/verify': () =>
        jsonResponse({ message: 'Verification link has expired' }, 404),
    });
    renderVerify('/emailverification/tok-404');
    expect((await screen.findByTestId('verify-result')).textContent).toBe(
      'Verification link has expired',
    );
  });

  it("400 shows 'Invalid verification link.'", async () => {
    stubFetch({
      'GET /api/public/v1/site': () => jsonResponse(SITE),
      'PUT /api/public/v1/registration/verify': () => jsonResponse({ message: 'bad' }, 400),
    });
    renderVerify('/emailverification/tok-400');
    expect((await screen.findByTestId('verify-result')).textContent).toBe(
      'Invalid verification link.',
    );
  });

  it('any other status names the support e-mail', async () => {
    stubFetch({
      'GET /api/public/v1/site': () => jsonResponse(SITE),
      'PUT /api/public/v1/registration/verify': () => jsonResponse({ message: 'x' }, 500),
    });
    renderVerify('/emailverification/tok-500');
    await screen.findByText('help@example.test');
    expect(screen.getByTestId('verify-result').textContent).toBe(
      'Unpredicted error. Contact to support: help@example.test',
    );
  });
});

describe('profile', () => {
  const profile = (until: number | null) => ({
    firstName: 'Anna',
    lastName: 'Ivanova',
    email: 'anna@example.com',
    balance: 0,
    subscription: until === null ? null : { until },
  });

  it("shows names, e-mail and 'No active subscription', with the renew button", async () => {
    signIn();
    stubFetch({ 'GET /api/v1/customer': () => jsonResponse(profile(null)) });
    renderWithProviders(<ProfilePage />);
    expect((await screen.findByTestId('profile-subscription')).textContent).toBe(
      'No active subscription',
    );
    expect(screen.getByTestId('profile-first-name').textContent).toBe('Anna');
    expect(screen.getByTestId('profile-last-name').textContent).toBe('Ivanova');
    expect(screen.getByTestId('profile-email').textContent).toBe('anna@example.com');
    expect(screen.getByRole('link', { name: 'Renew subscription' }).getAttribute('href')).toBe(
      '/renew-subscription',
    );
    expect(JSON.parse(localStorage.getItem('customerProfile')!)).toMatchObject({
      email: 'anna@example.com',
    });
  });

  it('shows the end date as a localised long date, in both languages', async () => {
    signIn();
    const until = Date.UTC(2031, 2, 15, 12) / 1000;
    stubFetch({ 'GET /api/v1/customer': () => jsonResponse(profile(until)) });
    const en = renderWithProviders(<ProfilePage />);
    expect((await screen.findByText(/Active until/)).textContent).toBe(
      'Active until March 15, 2031',
    );
    en.unmount();
    renderWithProviders(<ProfilePage />, { locale: 'ru' });
    expect((await screen.findByText(/Активна до/)).textContent).toBe('Активна до 15 марта 2031 г.');
  });

  it('an expired subscription counts as none', async () => {
    signIn();
    stubFetch({
      'GET /api/v1/customer': () => jsonResponse(profile(Math.floor(Date.now() / 1000) - 60)),
    });
    renderWithProviders(<ProfilePage />);
    expect((await screen.findByTestId('profile-subscription')).textContent).toBe(
      'No active subscription',
    );
  });
});
