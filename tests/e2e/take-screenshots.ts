/**
 * Screenshots of the app-shell pages in both languages at desktop (1280×800) and phone (390×844)
 * widths, into screenshots/ (git-ignored). Not a test: run `npx tsx tests/e2e/take-screenshots.ts`
 * after `npm run build`, then look at every picture.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  registerVerifiedUser,
  SCREENSHOT_DIR,
  startServer,
  type StartedServer,
} from './harness';
import { captureEverywhere } from './generator-helpers';

type Shot = (page: Page) => Promise<void>;

const capture = (
  browser: Browser,
  server: StartedServer,
  name: string,
  shot: Shot,
  opts: { signIn?: { email: string; password: string }; cookieBanner?: boolean } = {},
) => captureEverywhere(browser, server, `shell-${name}`, shot, opts);

const ADMIN_EMAIL = `admin.${Date.now()}@example.com`;
const server = await startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const browser = await launchBrowser();
try {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const user = await registerVerifiedUser(server);
  const demo = server.demo;
  const h1 = (page: Page) => page.locator('h1').first().waitFor();

  await capture(browser, server, 'register', async (page) => {
    await page.goto('/register');
    await h1(page);
  });
  await capture(browser, server, 'register-errors', async (page) => {
    await page.goto('/register');
    await page.locator('input[name="email"]').fill('wrong@');
    await page.locator('input[name="firstName"]').fill('Ann3');
    await page.locator('input[type="checkbox"]').check();
    await page.locator('button[type="submit"]').click();
  });
  await capture(browser, server, 'register-success', async (page) => {
    await page.goto('/register');
    await page
      .locator('input[name="email"]')
      .fill(`shot.${Date.now()}.${Math.random()}@example.com`);
    await page.locator('input[name="firstName"]').fill('Anna');
    await page.locator('input[name="lastName"]').fill('Smith');
    await page.locator('input[name="password"]').fill('Kx7#pQ2m!vZ');
    await page.locator('input[type="checkbox"]').check();
    await page.locator('button[type="submit"]').click();
    await page.locator('.form-success').waitFor();
  });
  await capture(browser, server, 'login', async (page) => {
    await page.goto('/login?reason=session_expired&t=1');
    await h1(page);
  });
  await capture(browser, server, 'login-failed', async (page) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill('nobody@example.com');
    await page.locator('input[name="password"]').fill('Wrong#pass1');
    await page.locator('.auth-password-toggle').click();
    await page.locator('button[type="submit"]').click();
    await page.locator('.form-error').waitFor();
  });
  await capture(browser, server, 'verify-invalid', async (page) => {
    await page.goto('/emailverification/not-a-real-token');
    await page.getByTestId('verify-result').waitFor();
  });
  await capture(browser, server, 'verify-missing', async (page) => {
    await page.goto('/emailverification');
    await page.getByTestId('verify-result').waitFor();
  });
  await capture(
    browser,
    server,
    'cookie-banner',
    async (page) => {
      await page.goto('/contacts');
      await page.locator('.shell-cookie').waitFor();
    },
    { cookieBanner: true },
  );
  await capture(browser, server, 'not-found', async (page) => {
    await page.goto('/no/such/page');
    await h1(page);
  });
  await capture(
    browser,
    server,
    'profile-none',
    async (page) => {
      await page.goto('/profile');
      await page.getByTestId('profile-subscription').waitFor();
    },
    { signIn: user },
  );
  if (demo) {
    await capture(
      browser,
      server,
      'profile-active',
      async (page) => {
        await page.goto('/profile');
        await page.locator('.profile-active').waitFor();
      },
      { signIn: demo },
    );
  }
  await capture(
    browser,
    server,
    'admin-forbidden',
    async (page) => {
      await page.goto('/admin');
      await page.locator('.shell-forbidden').waitFor();
    },
    { signIn: user },
  );
  const admin = await registerVerifiedUser(server, { email: ADMIN_EMAIL });
  await capture(
    browser,
    server,
    'admin-welcome',
    async (page) => {
      await page.goto('/admin');
      await page.locator('.shell-admin-welcome').waitFor();
    },
    { signIn: admin },
  );
  await capture(browser, server, 'menu-open', async (page) => {
    await page.goto('/contacts');
    const toggle = page.locator('.shell-menu-toggle');
    if (await toggle.isVisible()) await toggle.click();
  });
} finally {
  await browser.close();
  await server.stop();
}
