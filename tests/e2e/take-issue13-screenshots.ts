/**
 * Screenshots of the screens changed for issue 13 (points 9, 11–15), both languages, into
 * screenshots/issue13-*.png. Not a test: `npm run build`, then `npx tsx tests/e2e/take-issue13-screenshots.ts`.
 * Failures are simulated with Playwright routes (a proxy's 502 page, a dropped connection).
 */
import type { Page, Route } from 'playwright-core';
import { launchBrowser, newContext, startServer } from './harness';
import {
  pasteIntoEditor,
  replaceEditorText,
  screenshot,
  signInToGenerator,
} from './generator-helpers';

type Locale = 'en' | 'ru';
const PROXY_502 = (route: Route) =>
  route.fulfill({
    status: 502,
    contentType: 'text/html',
    body: '<html><h1>502 Bad Gateway</h1>nginx</html>',
  });

// OPERATOR_NAME empty: the development demo details (issue 13 point 12).
const server = await startServer({
  env: {
    OPERATOR_NAME: '',
    OPERATOR_SUPPORT_EMAIL: '',
    OPERATOR_TAX_NUMBER: '',
    OPERATOR_REGISTRATION_NUMBER: '',
  },
});
const browser = await launchBrowser();
const demo = server.demo!;

async function open(locale: Locale, size = { width: 1280, height: 800 }): Promise<Page> {
  const context = await newContext(browser, {
    baseURL: server.baseUrl,
    locale,
    clipboardOrigin: server.baseUrl,
    ...size,
  });
  return context.newPage();
}

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForTimeout(300);
  console.log(await screenshot(page, `issue13-${name}`, { fullPage }));
}

try {
  for (const locale of ['en', 'ru'] as const) {
    let page = await open(locale);
    await page.goto('/contacts');
    await page.getByTestId('demo-details').first().waitFor();
    await shot(page, `contacts-footer-${locale}`, true);
    await page.goto('/policies/terms-of-use');
    await page
      .locator('.legal-operator')
      .first()
      .waitFor()
      .catch(() => undefined);
    await shot(page, `terms-${locale}`);

    // Pricing: products in other period shapes, then a 502 with Retry.
    await page.route('**/api/public/v1/products', (route) =>
      route.fulfill({
        json: [
          { id: 'a', paymentType: 'MIR', period: 'P1M', price: { amount: 490, currency: 'RUB' } },
          {
            id: 'b',
            paymentType: 'MIR',
            durationDays: 365,
            price: { amount: 4900, currency: 'RUB' },
          },
          {
            id: 'odd',
            paymentType: 'MIR',
            period: 'weekly',
            price: { amount: 1, currency: 'RUB' },
          },
        ],
      }),
    );
    await page.goto('/pricing');
    await page.getByRole('radiogroup').waitFor();
    await shot(page, `pricing-periods-${locale}`);
    await page.unroute('**/api/public/v1/products');
    await page.route('**/api/public/v1/products', PROXY_502);
    await page.goto('/pricing');
    await page.locator('.error-with-retry').waitFor();
    await shot(page, `pricing-error-${locale}`);

    // Login with the network down.
    await page.route('**/api/public/v1/auth/login', (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await page.locator('input[name=email]').fill(demo.email);
    await page.locator('input[name=password]').fill(demo.password);
    await page.locator('form button[type=submit]').click();
    await page.locator('.error-with-retry').waitFor();
    await shot(page, `login-offline-${locale}`);

    // Registration behind a failing proxy.
    await page.route('**/api/public/v1/registration', PROXY_502);
    await page.goto('/register');
    await page.locator('input[name=email]').fill('new.user@example.com');
    await page.locator('input[name=firstName]').fill('Ann');
    await page.locator('input[name=lastName]').fill('Lee');
    await page.locator('input[name=password]').fill('Xk7#pqLm2');
    await page.locator('input[type=checkbox]').check();
    await page.locator('form button[type=submit]').click();
    await page.locator('.error-with-retry').waitFor();
    await shot(page, `register-502-${locale}`);
    await page.context().close();

    // Signed in: profile, purchase, subscription check, replace dialog, paste.
    page = await open(locale);
    await signInToGenerator(page, server, demo);

    // JSON paste under an indented key.
    await replaceEditorText(page, 'components:\n  examples:\n    Pet:\n      value: ');
    await pasteIntoEditor(page, '{"id": 7, "name": "Rex", "tags": ["dog"]}', { at: 'caret' });
    await page.getByTestId('json-paste-dialog').waitFor();
    await page.getByTestId('json-paste-dialog').getByRole('button').last().click();
    await shot(page, `paste-converted-${locale}`);

    // Replace dialog for one endpoint (plural).
    await page
      .getByTestId('endpoint-panel')
      .first()
      .getByRole('textbox', { name: locale === 'en' ? 'Path' : 'Путь', exact: true })
      .fill('/draft');
    await replaceEditorText(
      page,
      'openapi: 3.0.1\ninfo: {title: t, version: v}\npaths:\n  /a:\n    get:\n      responses: {"200": {description: ok}}\n',
    );
    await page.waitForTimeout(400);
    await page
      .getByRole('button', { name: locale === 'en' ? 'Load YAML' : 'Загрузить YAML' })
      .click();
    await page.getByTestId('confirm-dialog').waitFor();
    await shot(page, `replace-dialog-${locale}`);
    await page.keyboard.press('Escape');

    // The subscription check behind a failing proxy.
    await page.route('**/api/v1/customer', PROXY_502);
    await page
      .getByRole('button', { name: locale === 'en' ? 'Load YAML' : 'Загрузить YAML' })
      .click();
    await page.locator('.error-with-retry').waitFor();
    await shot(page, `generator-check-failed-${locale}`);

    await page.goto('/profile');
    await page.locator('.error-with-retry').waitFor();
    await shot(page, `profile-failed-${locale}`);
    await page.unroute('**/api/v1/customer');

    await page.route('**/api/v1/customer/products/order', PROXY_502);
    await page.goto('/renew-subscription');
    await page.getByRole('radiogroup').waitFor();
    await page.locator('.pricing-buy').click();
    await page.locator('.pricing-purchase .error-with-retry').waitFor();
    await shot(page, `purchase-failed-${locale}`);
    await page.context().close();

    // The error page: the code of a page cannot be fetched (offline after the first load).
    page = await open(locale);
    await page.goto('/');
    await page.route('**/assets/ContactsPage*.js', (route) => route.abort('internetdisconnected'));
    await page.locator('a[href="/contacts"]').first().click();
    await page
      .getByRole('heading', { name: locale === 'en' ? 'Unexpected Application Error' : /./ })
      .first()
      .waitFor();
    await shot(page, `error-page-${locale}`);
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}
