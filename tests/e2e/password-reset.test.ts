/** Issue 13.3 and 13.10 in a real browser: resend from the login page, forgot → reset → login. */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  startAppAndBrowser,
  mailedLinks,
  newContext,
  registerVerifiedUser,
  uniqueEmail,
  type StartedServer,
} from './harness';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

/** The links of this server's outbox (see {@link mailedLinks}). */
const links = (email: string, part: string, count = 1) =>
  mailedLinks(server.dataDir, email, part, count);

describe('password reset and unverified login in a real browser', () => {
  it('forgot password → e-mail link → new password → the old one is refused, the new one logs in', async () => {
    const user = await registerVerifiedUser(server);
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The typed address comes along.
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(user.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByTestId('forgot-sent').waitFor();

    const [link] = await links(user.email, '/reset-password/');
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(server.baseUrl);
    await page.goto(new URL(link!).pathname);
    await page.getByLabel('New password', { exact: true }).fill('NewPass#42');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('NewPass#42');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByTestId('reset-done').waitFor();

    await page.getByRole('link', { name: 'Log in', exact: true }).last().click();
    await page.waitForURL('**/login');
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Login failed').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('NewPass#42');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/generator');

    // The link works once.
    await page.goto(new URL(link!).pathname);
    await page.getByLabel('New password', { exact: true }).fill('Other#4242');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('Other#4242');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByTestId('reset-link-error').waitFor();
    await context.close();
  });

  it('login before verifying: the notice and Resend; the new link verifies the account', async () => {
    const email = uniqueEmail('pending');
    const password = 'Kx7#pQ2m!vZ';
    const signUp = await fetch(`${server.baseUrl}/api/public/v1/registration`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password,
        firstName: 'Anna',
        lastName: 'Smith',
        acceptTerms: true,
      }),
    });
    expect(signUp.status).toBe(200);
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const notice = page.getByTestId('login-unverified');
    await notice.getByText('Your e-mail is not verified yet', { exact: false }).waitFor();
    await notice.getByRole('button', { name: 'Resend the link' }).click();
    await notice.getByRole('status').waitFor();
    // Within a minute of the sign-up mail no second mail goes out, so verify with the first.
    const [link] = await links(email, '/emailverification/');
    await page.goto(link!);
    await page.getByText('Email successfully verified').waitFor();
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/generator');
    await context.close();
  });
});
