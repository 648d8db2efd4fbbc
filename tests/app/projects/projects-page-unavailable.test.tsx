/**
 * Issue 31.6: while the account lookup fails (the database is down: 503), the Projects page
 * said "Your subscription is not active… Renew subscription": the failed lookup read as no
 * subscription. Now it says that the subscription could not be checked because the service is
 * unavailable, offers Retry, and checks again by itself.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProjectsPage from '../../../src/app/projects/ProjectsPage';
import { MOVED_IN_KEY } from '../../../src/app/projects/move-in';
import { jsonResponse, renderPage, signIn, stubFetch } from '../pages/pricing/page-helpers';

const NOW = Math.floor(Date.now() / 1000);
const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  balance: 0,
  subscription: { until: NOW + 86400 },
};
const LIMITS = {
  maxProjectBytes: 10 * 1024 * 1024,
  maxProjects: 100,
  quotaBytes: 200 * 1024 * 1024,
  usedBytes: 0,
  historyDays: 30,
};
const unavailable = () =>
  jsonResponse({ message: 'Service temporarily unavailable. Please try again shortly.' }, 503);

/** The account lookup fails `failures` times with 503, then answers. */
function stub(failures: number) {
  let left = failures;
  return stubFetch({
    'GET /api/v1/customer': () => (left-- > 0 ? unavailable() : jsonResponse(PROFILE)),
    'GET /api/v1/customer/projects': () => jsonResponse([]),
    'GET /api/v1/customer/projects/limits': () => jsonResponse(LIMITS),
  });
}

const lookups = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/customer').length;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(MOVED_IN_KEY, 'nothing');
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ProjectsPage while the account lookup fails (issue 31.6)', () => {
  it('says the service is unavailable, not that the subscription is not active', async () => {
    stub(Infinity);
    renderPage(<ProjectsPage />);
    const notice = await screen.findByTestId('project-check-failed');
    expect(notice.textContent).toMatch(
      /Your subscription could not be checked: the service is temporarily unavailable\./,
    );
    expect(notice.textContent).toMatch(/checks again by itself/);
    expect(screen.queryByTestId('project-readonly')).toBeNull();
    expect(screen.queryByText(/subscription is not active/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Renew subscription' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('checks again by itself, and the page works once the lookup answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stub(2);
    renderPage(<ProjectsPage />);
    await screen.findByTestId('project-check-failed');
    expect(lookups(calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(lookups(calls)).toBe(2));
    // Still failing: the notice stays (no flicker to "not active"), the next try comes later.
    expect(screen.getByTestId('project-check-failed')).toBeTruthy();
    expect(screen.queryByTestId('project-readonly')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    await waitFor(() => expect(lookups(calls)).toBe(3));
    await waitFor(() => expect(screen.queryByTestId('project-check-failed')).toBeNull());
    expect(screen.queryByTestId('project-readonly')).toBeNull();
    expect(screen.getByRole('button', { name: 'New project' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('Retry checks at once', async () => {
    const { calls } = stub(1);
    const user = userEvent.setup();
    renderPage(<ProjectsPage />);
    await screen.findByTestId('project-check-failed');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('project-check-failed')).toBeNull());
    expect(lookups(calls)).toBe(2);
  });

  it('says so in Russian', async () => {
    stub(Infinity);
    renderPage(<ProjectsPage />, { locale: 'ru' });
    const notice = await screen.findByTestId('project-check-failed');
    expect(notice.textContent).toMatch(/Не удалось проверить подписку/);
    expect(notice.textContent).not.toMatch(/[A-Za-z]{4,}/);
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});
