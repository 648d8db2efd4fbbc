/**
 * The content pages end to end (landing, pricing/renewal and purchase, legal texts, contacts):
 * the real server on a throwaway data folder and Debian's Chromium. Also takes the screenshots
 * of every one of these pages in both languages at desktop and phone widths (screenshots/).
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src/shared/api-types';
import { startAppAndBrowser, newContext, SCREENSHOT_DIR, type StartedServer } from './harness';

let server: StartedServer;
let browser: Browser;
let demoTokens: TokenPair;

startAppAndBrowser(async (app) => {
  ({ server, browser } = app);
  if (!server.demo) throw new Error(`No demo account in the server log:\n${server.logs()}`);
  const response = await fetch(`${server.baseUrl}/api/public/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(server.demo),
  });
  expect(response.status).toBe(200);
  demoTokens = (await response.json()) as TokenPair;
});

/** A context signed in as the demo user (tokens stored the way the app stores them). */
async function signedInContext(
  opts: Parameters<typeof newContext>[1] = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, opts);
  await context.addInitScript((pair: TokenPair) => {
    localStorage.setItem('accessToken', JSON.stringify({ token: pair.accessToken }));
    localStorage.setItem('refreshToken', JSON.stringify({ token: pair.refreshToken }));
  }, demoTokens);
  return context;
}

function isThirdParty(url: string): boolean {
  return /^https?:/.test(url) && new URL(url).origin !== new URL(server.baseUrl).origin;
}

describe('landing', () => {
  it('makes no third-party request until play is pressed, then embeds the tutorial from 157 s', async () => {
    const context = await newContext(browser);
    const thirdParty: string[] = [];
    context.on('request', (request) => {
      if (isThirdParty(request.url())) thirdParty.push(request.url());
    });
    // No internet here: the player itself is a local stand-in.
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>player</title>' }),
    );
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.mouse.wheel(0, 5000);
    await page.getByRole('img', { name: /POST \/users/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(thirdParty).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);

    await page.getByRole('button', { name: /Play the tutorial on YouTube/ }).click();
    const frame = page.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?start=157&autoplay=1$/,
    );
    await expect.poll(() => thirdParty.some((u) => u.includes('youtube-nocookie'))).toBe(true);

    await page.getByRole('tab', { name: 'Rutube' }).click();
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL(/\/register$/);
    await context.close();
  });
});

describe('pricing', () => {
  it('shows visitors the MIR plans without CRYPTO and without the purchase button', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByRole('radiogroup').waitFor();
    const options = await page.locator('#pricing-payment-type option').allTextContents();
    expect(options).toEqual(['RUB: MIR, QR, T-Pay']);
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(1);
    expect(await page.getByTestId('pricing-plan-1').textContent()).toContain('₽');
    expect(await page.getByRole('button', { name: 'Renew Subscription' }).count()).toBe(0);
    await context.close();
  });

  it('opens the payment page in a new tab with neither opener nor referrer, and watches it', async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto(`${server.baseUrl}/renew-subscription`);
    await page.getByRole('radiogroup').waitFor();
    const options = await page.locator('#pricing-payment-type option').allTextContents();
    expect(options).toEqual(['RUB: MIR, QR, T-Pay', 'crypto: USDT, BTC, etc']);

    await page.getByTestId('pricing-plan-12').press('Enter');
    expect(await page.getByTestId('pricing-plan-12').getAttribute('aria-checked')).toBe('true');

    const referers: (string | undefined)[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/sandbox/pay/')) referers.push(request.headers()['referer']);
    });
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Renew Subscription' }).click(),
    ]);
    await popup.waitForURL(/\/sandbox\/pay\//);
    await popup.waitForLoadState('domcontentloaded');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(await popup.evaluate(() => document.referrer)).toBe('');
    expect(referers.length).toBeGreaterThan(0);
    expect(referers.every((r) => r === undefined)).toBe(true);

    await page.getByText(/The payment page has opened in a new tab/).waitFor();
    const profileLink = page.getByRole('link', { name: 'Go to profile' });
    expect(await profileLink.getAttribute('href')).toBe('/profile');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'pages-renew-opened-en-desktop.png') });
    await popup.screenshot({ path: path.join(SCREENSHOT_DIR, 'pages-renew-payment-tab.png') });

    await popup.close();
    await expect.poll(() => logs.includes('Payment window closed'), { timeout: 5000 }).toBe(true);
    await context.close();
  });
});

describe('legal pages and contacts', () => {
  it('carry the operator details from the server', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/contacts`);
    const mail = page.getByRole('link', { name: 'support@specform.test' });
    await mail.waitFor();
    expect(await mail.getAttribute('href')).toBe('mailto:support@specform.test');
    expect(await page.getByTestId('contacts-tax-number').textContent()).toBe('771234567890');
    await page.goto(`${server.baseUrl}/policies/terms-of-use`);
    await page.getByText('Individual entrepreneur Ivanov Ivan Ivanovich').first().waitFor();
    expect(await page.locator('body').textContent()).toContain('Payments are non-refundable');
    await context.close();
  });
});

const PAGES: {
  name: string;
  path: string;
  signedIn?: boolean;
  ready: (page: Page) => Promise<unknown>;
}[] = [
  { name: 'landing', path: '/', ready: (p) => p.getByRole('tablist').waitFor() },
  { name: 'pricing', path: '/pricing', ready: (p) => p.getByRole('radiogroup').waitFor() },
  {
    name: 'renew',
    path: '/renew-subscription',
    signedIn: true,
    ready: (p) => p.locator('.pricing-buy').waitFor(),
  },
  {
    name: 'privacy',
    path: '/policies/privacy-policy',
    ready: (p) => p.locator('.legal-operator a[href^="mailto:"]').first().waitFor(),
  },
  {
    name: 'terms',
    path: '/policies/terms-of-use',
    ready: (p) => p.locator('.legal-operator a[href^="mailto:"]').first().waitFor(),
  },
  {
    name: 'consent',
    path: '/policies/personaldataprocessing',
    ready: (p) => p.locator('.legal-operator a[href^="mailto:"]').first().waitFor(),
  },
  { name: 'contacts', path: '/contacts', ready: (p) => p.locator('.contacts-email').waitFor() },
];

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const;

describe('screenshots', () => {
  for (const locale of ['en', 'ru'] as const) {
    for (const viewport of VIEWPORTS) {
      it(`of every content page in ${locale} at ${viewport.label} width`, async () => {
        for (const { name, path: route, signedIn, ready } of PAGES) {
          const opts = { locale, width: viewport.width, height: viewport.height };
          const context = signedIn ? await signedInContext(opts) : await newContext(browser, opts);
          const page = await context.newPage();
          await page.goto(`${server.baseUrl}${route}`);
          // One reload is allowed: on a loaded machine a lazy page chunk can time out once.
          await ready(page).catch(async () => {
            await page.reload();
            await ready(page);
          });
          // Walk down the page so lazy images load before the full-page capture.
          await page.evaluate(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += 400) {
              window.scrollTo(0, y);
              await new Promise((resolve) => setTimeout(resolve, 30));
            }
            window.scrollTo(0, 0);
          });
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
          // Nothing may stick out sideways on a phone.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `pages-${name}-${locale}-${viewport.label}.png`),
            fullPage: true,
          });
          await context.close();
        }
      });
    }
  }
});
