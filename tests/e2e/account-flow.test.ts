import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  startAppAndBrowser,
  newContext,
  readVerificationLink,
  uniqueEmail,
  type StartedServer,
} from './harness';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

describe('account flow in a real browser', () => {
  it('register → verify → login → profile → purchase → pay → profile shows the end date → logout', async () => {
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    const email = uniqueEmail('flow');
    const password = 'Kx7#pQ2m!vZ';

    // Sign-up
    await page.goto('/register');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('First name', { exact: true }).fill('Anna');
    await page.getByLabel('Last name', { exact: true }).fill("O'Neil");
    await page.getByLabel('Password', { exact: true }).fill(password);
    const register = page.getByRole('button', { name: 'Register' });
    expect(await register.isDisabled()).toBe(true);
    await page.getByRole('checkbox').check();
    await register.click();
    await page.getByText('Registration successful!', { exact: false }).waitFor();

    // Verification link from the outbox
    const link = await readVerificationLink(server.dataDir, email);
    expect(new URL(link).origin).toBe(server.baseUrl);
    await page.goto(link);
    await page.getByText('Email successfully verified').waitFor();

    // Login
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/generator');

    // Profile without a subscription
    await page.goto('/profile');
    const subscription = page.getByTestId('profile-subscription');
    await subscription.getByText('No active subscription').waitFor();
    expect(await page.getByTestId('profile-email').textContent()).toBe(email);

    // Pricing → purchase in a new tab (no opener) → Pay on the sandbox page
    await page.goto('/pricing');
    await page.getByTestId('pricing-plan-1').click();
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Renew Subscription' }).click();
    const popup = await popupPromise;
    // The tab may start blank and be sent to the payment page once the order exists.
    await popup.waitForURL(/\/sandbox\/pay\//);
    await popup.waitForLoadState('domcontentloaded');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.getByRole('button', { name: /Pay/ }).click();
    await popup.waitForLoadState('domcontentloaded');
    await popup.close();

    // The profile now shows the end date (a month from now)
    const deadline = Date.now() + 20_000;
    for (;;) {
      await page.goto('/profile');
      await subscription.waitFor();
      const text = (await subscription.textContent()) ?? '';
      if (text.startsWith('Active until')) {
        const shown = new Date(text.replace('Active until ', ''));
        const days = (shown.getTime() - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(26);
        expect(days).toBeLessThan(33);
        break;
      }
      if (Date.now() > deadline) throw new Error(`subscription still inactive: ${text}`);
      await page.waitForTimeout(500);
    }

    // Logout; the generator is guarded again
    await page.goto('/logout');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    await page.goto('/generator');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await context.close();
  });
});
