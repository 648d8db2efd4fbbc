/**
 * Screenshots of the account pages of issue 13 (login with "Forgot your password?", the
 * not-verified notice with Resend, /forgot-password, /reset-password/:token) in both languages
 * at desktop and phone widths, into screenshots/ (git-ignored). Not a test: run
 * `npx tsx tests/e2e/take-account-screenshots.ts` after `npm run build` and look at every picture.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  registerVerifiedUser,
  SCREENSHOT_DIR,
  startServer,
  type StartedServer,
  uniqueEmail,
} from './harness';

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** The newest reset link mailed to `email` (X-Specform-Link header). */
async function resetLink(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 50; i += 1) {
    const names = existsSync(outbox) ? (await readdir(outbox)).sort().reverse() : [];
    for (const name of names) {
      const text = await readFile(path.join(outbox, name), 'utf8');
      const head = text.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      const link = /^X-Specform-Link:\s*(\S+)/im.exec(head)?.[1];
      if (link?.includes('/reset-password/') && head.toLowerCase().includes(email.toLowerCase())) {
        return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no reset link for ${email}`);
}

async function capture(
  browser: Browser,
  server: StartedServer,
  name: string,
  shot: (page: Page, locale: 'en' | 'ru') => Promise<void>,
): Promise<void> {
  for (const locale of ['en', 'ru'] as const) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const context = await newContext(browser, { baseURL: server.baseUrl, locale, ...viewport });
      const page = await context.newPage();
      await shot(page, locale);
      await page.waitForTimeout(300);
      const file = path.join(SCREENSHOT_DIR, `account-${name}-${locale}-${size}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await context.close();
    }
  }
}

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
