import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  readVerificationLink,
  registerVerifiedUser,
  startServer,
  uniqueEmail,
  type StartedServer,
} from './harness';
import { signIn } from './generator-helpers';

let server: StartedServer;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('app frame (default server)', () => {
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the language switch changes the texts, <html lang> and the title, and is remembered', async () => {
    const context = await newContext(browser, { baseURL: server.baseUrl, locale: 'en' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const englishTitle = await page.title();

    await page.getByRole('button', { name: 'Русский' }).click();
    await page.getByRole('heading', { name: 'Войти' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    expect(await page.title()).not.toBe(englishTitle);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ru');

    await page.reload();
    await page.getByRole('heading', { name: 'Войти' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ru');

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });

  it('public pages load neither Monaco nor the worker, and stay within the JS budget', async () => {
    const context = await newContext(browser, { baseURL: server.baseUrl });
    for (const path of ['/', '/pricing', '/login', '/register', '/contacts']) {
      const page = await context.newPage();
      const scripts: { url: string; gzip: number }[] = [];
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(worker.url()));
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        scripts.push({ url: response.url(), gzip: gzipSync(body).length });
      });
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const names = scripts.map((s) => new URL(s.url).pathname);
      expect(names.filter((n) => /generator|outputeditor|monaco|worker/i.test(n))).toEqual([]);
      expect(workers).toEqual([]);
      const kib = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;
      // Issue 4's budget for the landing page's JavaScript (gzip).
      expect(kib, `${path}: ${kib.toFixed(1)} KiB of JavaScript`).toBeLessThanOrEqual(150);
      await page.close();
    }
    await context.close();
  });

  it('a first visit takes the browser language when it is English or Russian, else Russian', async () => {
    // Issue 21.9 (docs/decisions.md): the browser's preferred language, Russian as the fallback.
    for (const [locale, heading, lang] of [
      ['de-DE', 'Войти', 'ru'],
      ['en-US', 'Log in', 'en'],
      ['ru-RU', 'Войти', 'ru'],
    ] as const) {
      const context = await browser.newContext({ baseURL: server.baseUrl, locale });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await context.close();
    }
  });

  it('the cookie banner shows until accepted', async () => {
    const context = await newContext(browser, { baseURL: server.baseUrl, cookieBanner: true });
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('link', { name: 'Specform home' }).waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('a signed-in user is sent away from /login and /register; a non-admin sees Forbidden!', async () => {
    const user = await registerVerifiedUser(server);
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    await signIn(page, server, user);

    await page.goto('/login');
    await page.waitForURL('**/generator');
    await page.goto('/register');
    await page.waitForURL('**/generator');

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Forbidden!' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    expect(await nav.getByRole('link', { name: 'Admin panel' }).count()).toBe(0);
    await context.close();
  });

  it("wrong credentials give 'Login failed'", async () => {
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('Wrong#pass1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').getByText('Login failed').waitFor();
    await context.close();
  });

  it('a reused verification link shows an error message', async () => {
    const email = uniqueEmail('twice');
    const user = await registerVerifiedUser(server, { email });
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    const link = await readVerificationLink(server.dataDir, user.email);
    await page.goto(link);
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.textContent()).not.toBe('Email successfully verified');
    await context.close();
  });
});

/**
 * Access-token lifetime for these tests. The brief asks for 2 s; the server's config accepts
 * 10 s at the least, so 10 it is (the tests wait one second longer).
 */
const ACCESS_TTL_SECONDS = 10;

describe('sessions with a short-lived access token', () => {
  const adminEmail = uniqueEmail('admin');
  beforeAll(async () => {
    server = await startServer({
      env: { ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS), ADMIN_EMAILS: adminEmail },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('an expired access token is refreshed transparently and the call retried', async () => {
    const user = await registerVerifiedUser(server);
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    await signIn(page, server, user);
    const seen: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/')) seen.push(`${response.status()} ${url.pathname}`);
    });
    await page.waitForTimeout((ACCESS_TTL_SECONDS + 1) * 1000);
    // Client-side navigation: the SPA still holds the expired access token.
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByTestId('profile-email').getByText(user.email).waitFor();
    expect(seen).toEqual([
      '401 /api/v1/customer',
      '200 /api/public/v1/auth/refresh',
      '200 /api/v1/customer',
    ]);
    expect(new URL(page.url()).pathname).toBe('/profile');
    await context.close();
  });

  it('a failed refresh sends the user to /login with a reason, and back after login', async () => {
    const user = await registerVerifiedUser(server);
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    await signIn(page, server, user);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByTestId('profile-email').getByText(user.email).waitFor();
    // Revoke the session on the server behind the app's back.
    const refreshToken = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('refreshToken') ?? '{}') as { token?: string }).token,
    );
    const revoked = await fetch(`${server.baseUrl}/api/public/v1/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect(revoked.status).toBe(204);
    await page.waitForTimeout((ACCESS_TTL_SECONDS + 1) * 1000);

    // What the page did, printed if the redirect does not come.
    const trail: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) trail.push(`${r.status()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => trail.push(`failed ${r.url()} ${r.failure()?.errorText}`));
    page.on('console', (m) => trail.push(`console.${m.type()} ${m.text()}`));
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) trail.push(`navigated ${f.url()}`);
    });
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(/\/login\?reason=refresh_failed&t=\d+$/).catch((error: unknown) => {
      const report = `no redirect; at ${page.url()}; trail:\n${trail.join('\n')}`;
      console.error(report); // kept in the output even if a retry passes
      throw new Error(report, { cause: error });
    });
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('returnUrl'))).toBe('/profile');
    await page.getByText('Your session has ended. Please log in again.').waitFor();

    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/profile');
    await page.getByTestId('profile-email').getByText(user.email).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('returnUrl'))).toBeNull();
    await context.close();
  });

  it('an admin is welcomed on /admin, even after the access token expired', async () => {
    const admin = await registerVerifiedUser(server, { email: adminEmail });
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    await signIn(page, server, admin);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Admin panel' })
      .waitFor();
    await page.waitForTimeout((ACCESS_TTL_SECONDS + 1) * 1000);
    await page.getByRole('link', { name: 'Admin panel' }).click();
    await page.getByRole('heading', { name: 'Welcome to admin panel!' }).waitFor();
    await context.close();
  });
});
