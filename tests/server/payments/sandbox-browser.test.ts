/**
 * The sandbox page in a real Chromium: its stylesheet passes its own CSP, and the Pay button's
 * form post (Origin, redirect, form-action) completes the order as a user would.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '../../../src/shared/api-types';
import { buildPaymentsApp, order, type PaymentsTestApp } from './harness';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) console.warn(`sandbox-browser: ${CHROMIUM} not found, skipping`);

describe.skipIf(!available)('sandbox page in Chromium', () => {
  let t: PaymentsTestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await buildPaymentsApp({ listen: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function open(plan: string) {
    const user = await t.createUser(null);
    const { url } = (await order(t, user, plan)).json<OrderResponse>();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(url);
    return { user, url, page, errors };
  }

  it('Pay completes the order and shows it paid', async () => {
    const { user, url, page, errors } = await open('mir-1m');
    // The stylesheet applied: CSP allowed it by its hash.
    expect(await page.$eval('button.pay', (b) => getComputedStyle(b).backgroundColor)).toBe(
      'rgb(31, 111, 235)',
    );
    await Promise.all([page.waitForURL(url), page.click('button.pay')]);
    expect(await page.textContent('[role="status"]')).toContain('Paid');
    expect(await page.$('button.pay')).toBeNull();
    expect(errors).toEqual([]);
    expect(await t.subscriptionUntil(user)).not.toBeNull();
    await page.close();
  });

  it('Cancel cancels it', async () => {
    const { user, url, page, errors } = await open('crypto-12m');
    expect(await page.textContent('body')).toContain('$50.00');
    await Promise.all([page.waitForURL(url), page.click('text=Cancel')]);
    expect(await page.textContent('[role="status"]')).toContain('Cancelled');
    expect(errors).toEqual([]);
    expect(await t.subscriptionUntil(user)).toBeNull();
    await page.close();
  });
});
