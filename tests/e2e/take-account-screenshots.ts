/**
 * Screenshots of the account pages of issue 13 (login with "Forgot your password?", the
 * not-verified notice with Resend, /forgot-password, /reset-password/:token) in both languages
 * at desktop and phone widths, into screenshots/ (git-ignored). Not a test: run
 * `npx tsx tests/e2e/take-account-screenshots.ts` after `npm run build` and look at every picture.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  mailedLinks,
  registerVerifiedUser,
  SCREENSHOT_DIR,
  startServer,
  type StartedServer,
  uniqueEmail,
} from './harness';
import { captureEverywhere } from './generator-helpers';

/** The newest reset link mailed to `email`. */
async function resetLink(dataDir: string, email: string): Promise<string> {
  const link = (await mailedLinks(dataDir, email, '/reset-password/')).at(-1);
  if (!link) throw new Error(`no reset link for ${email}`);
  return link;
}

const capture = (
  browser: Browser,
  server: StartedServer,
  name: string,
  shot: (page: Page, locale: 'en' | 'ru') => Promise<void>,
) => captureEverywhere(browser, server, `account-${name}`, shot);

const post = (server: StartedServer, url: string, body: object) =>
  fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const server = await startServer();
const browser = await launchBrowser();
try {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const h1 = (page: Page) => page.locator('h1').first().waitFor();

  await capture(browser, server, 'login', async (page) => {
    await page.goto('/login');
    await h1(page);
  });

  const pending = { email: uniqueEmail('pending'), password: 'Kx7#pQ2m!vZ' };
  const signUp = await post(server, '/api/public/v1/registration', {
    ...pending,
    firstName: 'Anna',
    lastName: 'Smith',
    acceptTerms: true,
  });
  if (!signUp.ok) throw new Error(`registration failed: ${signUp.status}`);
  await capture(browser, server, 'login-unverified', async (page) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(pending.email);
    await page.locator('input[name="password"]').fill(pending.password);
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('login-unverified').waitFor();
    await page.getByTestId('login-unverified').locator('button').click();
    await page.getByTestId('login-unverified').locator('[role="status"]').waitFor();
  });

  await capture(browser, server, 'forgot', async (page) => {
    await page.goto('/forgot-password');
    await h1(page);
  });
  await capture(browser, server, 'forgot-error', async (page) => {
    await page.goto('/forgot-password');
    await page.locator('input[name="email"]').fill('wrong@');
    await page.locator('button[type="submit"]').click();
    await page.locator('.field-error').filter({ hasText: /./ }).waitFor();
  });
  await capture(browser, server, 'forgot-sent', async (page) => {
    await page.goto('/forgot-password');
    await page.locator('input[name="email"]').fill(uniqueEmail('someone'));
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('forgot-sent').waitFor();
  });

  await capture(browser, server, 'reset-errors', async (page) => {
    await page.goto(`/reset-password/${'A'.repeat(43)}`);
    await page.locator('input[name="password"]').fill('password');
    await page.locator('button[type="submit"]').click();
    await page.locator('.field-error').filter({ hasText: /./ }).first().waitFor();
  });
  await capture(browser, server, 'reset-expired', async (page) => {
    await page.goto(`/reset-password/${'A'.repeat(43)}`);
    await page.locator('input[name="password"]').fill('NewPass#42');
    await page.locator('input[name="repeat"]').fill('NewPass#42');
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('reset-link-error').waitFor();
  });
  await capture(browser, server, 'reset-done', async (page) => {
    const user = await registerVerifiedUser(server);
    await post(server, '/api/public/v1/password/forgot', { email: user.email });
    const link = new URL(await resetLink(server.dataDir, user.email));
    await page.goto(link.pathname);
    await page.locator('input[name="password"]').fill('NewPass#42');
    await page.locator('input[name="repeat"]').fill('NewPass#42');
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('reset-done').waitFor();
  });
} finally {
  await browser.close();
  await server.stop();
}
