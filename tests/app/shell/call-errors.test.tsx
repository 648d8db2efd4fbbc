/** Issue 13 point 11: no raw technical error on screen; a translated message and Retry. */
import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HTTPError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeRequestFailure, failureMessage, failureReason } from '../../../src/app/api/errors';
import LoginPage from '../../../src/app/pages/login/LoginPage';
import ProfilePage from '../../../src/app/pages/profile/ProfilePage';
import RegisterPage from '../../../src/app/pages/register/RegisterPage';
import { getSessionState } from '../../../src/app/session';
import {
  activateTestLocale,
  jsonResponse,
  renderWithProviders,
  signIn,
  signOut,
  stubFetch,
  tokenPair,
} from './helpers';

/** Raw texts that must never reach the page. */
const RAW =
  /Failed to fetch|Bad Gateway|nginx|HTTPError|Request failed with status|ECONNREFUSED|<html/;
const PROXY_502 = () =>
  new Response('<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>', {
    status: 502,
    headers: { 'content-type': 'text/html' },
  });

function httpError(response: Response): HTTPError {
  return new HTTPError(response, new Request('http://localhost/api/x'), {} as never);
}

beforeEach(() => {
  signOut();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the shared error mapping', () => {
  it('keeps our API’s own 4xx message and drops everything else', async () => {
    expect(
      await describeRequestFailure(httpError(jsonResponse({ message: 'Taken' }, 400))),
    ).toEqual({ kind: 'http', status: 400, message: 'Taken' });
    expect(
      await describeRequestFailure(httpError(jsonResponse({ message: 'pg: ECONNREFUSED' }, 500))),
    ).toEqual({ kind: 'http', status: 500, message: undefined });
    expect(await describeRequestFailure(httpError(PROXY_502()))).toEqual({
      kind: 'http',
      status: 502,
      message: undefined,
    });
    expect(
      await describeRequestFailure(httpError(jsonResponse({ message: '<b>x</b>' }, 400))),
    ).toMatchObject({ message: undefined });
    expect(
      await describeRequestFailure(httpError(jsonResponse({ message: 'x'.repeat(301) }, 400))),
    ).toMatchObject({ message: undefined });
    expect(await describeRequestFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'network',
    });
    expect(await describeRequestFailure(new RangeError('x'))).toBeUndefined();
  });

  it('says every failure in words, in both languages', () => {
    activateTestLocale('en');
    expect(failureMessage(i18n, { kind: 'network' })).toMatch(/^Could not reach the server/);
    expect(failureMessage(i18n, { kind: 'http', status: 502 })).toMatch(/temporarily unavailable/);
    expect(failureMessage(i18n, { kind: 'http', status: 429 })).toMatch(/^Too many requests/);
    expect(failureMessage(i18n, undefined)).toBe('Something went wrong. Try again.');
    expect(failureReason(i18n, { kind: 'http', status: 504 })).toBe(
      'the service is temporarily unavailable',
    );
    activateTestLocale('ru');
    expect(failureMessage(i18n, { kind: 'network' })).toMatch(/^Не удалось связаться с сервером/);
    expect(failureReason(i18n, { kind: 'http', status: 503 })).toBe('сервис временно недоступен');
    for (const status of [400, 401, 403, 404, 408, 418, 429, 500, 502, 503]) {
      expect(failureMessage(i18n, { kind: 'http', status })).toMatch(/[А-Яа-я]/);
      expect(failureReason(i18n, { kind: 'http', status })).toMatch(/[А-Яа-я]/);
    }
  });
});

describe('pages that call the server', () => {
  it('login: an outage is said in words with Retry; wrong credentials stay "Login failed"', async () => {
    let attempt = 0;
    stubFetch({
      'POST /api/public/v1/auth/login': () => {
        attempt++;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        if (attempt === 2) return PROXY_502();
        return jsonResponse(tokenPair());
      },
    });
    renderWithProviders(<LoginPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#2024');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Could not reach the server/);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(attempt).toBe(2));
    expect((await screen.findByRole('alert')).textContent).toMatch(/temporarily unavailable/);
    expect(document.body.textContent).not.toMatch(RAW);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(getSessionState().signedIn).toBe(true));
  });

  it('registration: a 502 page is never shown; Retry sends the form again', async () => {
    let attempt = 0;
    stubFetch({
      'GET /api/public/v1/site': () => jsonResponse({ supportEmail: 'help@example.test' }),
      'POST /api/public/v1/registration': () =>
        ++attempt === 1 ? PROXY_502() : jsonResponse({ message: 'ok' }),
    });
    renderWithProviders(<RegisterPage />, { locale: 'ru' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Электронная почта'), 'ann@example.com');
    await user.type(screen.getByLabelText('Имя'), 'Ann');
    await user.type(screen.getByLabelText('Фамилия'), 'Lee');
    await user.type(screen.getByLabelText('Пароль'), 'Xk7#pqLm2');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Сервис временно недоступен. Повторите попытку через минуту.',
    );
    expect(document.body.textContent).not.toMatch(RAW);
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(attempt).toBe(2));
    expect(await screen.findByRole('status')).toBeTruthy();
  });

  it('registration: our API’s validation message still shows as is, without Retry', async () => {
    stubFetch({
      'GET /api/public/v1/site': () => jsonResponse({ supportEmail: 'help@example.test' }),
      'POST /api/public/v1/registration': () =>
        jsonResponse({ message: 'E-mail: Please enter a valid email address' }, 400),
    });
    renderWithProviders(<RegisterPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Password'), 'Xk7#pqLm2');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'E-mail: Please enter a valid email address',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('profile: a failed load says why and loads again on Retry', async () => {
    signIn();
    localStorage.clear();
    let attempt = 0;
    stubFetch({
      'GET /api/v1/customer': () =>
        ++attempt === 1
          ? PROXY_502()
          : jsonResponse({
              firstName: 'Ann',
              lastName: 'Lee',
              email: 'ann@example.com',
              balance: 0,
              subscription: null,
            }),
    });
    renderWithProviders(<ProfilePage />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load the profile. The service is temporarily unavailable. Try again in a minute.',
    );
    expect(document.body.textContent).not.toMatch(RAW);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('profile-first-name')).textContent).toBe('Ann');
  });
});
