/**
 * Screenshots of issue 31's rough edges in English and Russian (desktop 1280×800): the YAML
 * diagnostics and the Problems panel in words with their Details open, the project bar with its
 * "Local draft" link. Not a test: `DIST_DIR=… npx tsx tests/e2e/take-issue31-screenshots.ts`,
 * then look at every picture in screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import { launchBrowser, newContext, SCREENSHOT_DIR, startServer } from './harness';
import { openGenerator, replaceEditorText, screenshot, signIn } from './generator-helpers';

const WRONG_VERSION = 'openapi: 4.0.0\ninfo:\n  title: Four\n  version: "1"\npaths: {}\n';
const ALL_OF = `openapi: 3.0.3
info: {title: Linodes, version: "1"}
paths:
  /linodes:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                allOf:
                  - type: object
                    additionalProperties: false
                    properties:
                      page: {type: integer}
                  - type: object
                    properties:
                      data: {type: array, items: {type: string}}
              example:
                page: 1
                data: [a]
`;

const server = await startServer();
const browser = await launchBrowser();
try {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const locale of ['en', 'ru'] as const) {
    const context = await newContext(browser, {
      locale,
      width: 1280,
      height: 800,
      clipboardOrigin: server.baseUrl,
    });
    const page = await context.newPage();
    await signIn(page, server);
    await openGenerator(page, server.baseUrl);
    await replaceEditorText(page, WRONG_VERSION);
    const diagnostics = page.getByTestId('diagnostics');
    await diagnostics.locator('li').first().waitFor({ timeout: 30_000 });
    const details = diagnostics.getByTestId('diagnostic-details');
    if ((await details.count()) > 0) await details.first().locator('summary').click();
    console.log(await diagnostics.textContent());
    console.log(await screenshot(page, `issue31-17-diagnostics-${locale}`));

    await replaceEditorText(page, ALL_OF);
    // (harness's loadYamlReplacing polls with vitest's expect: not available in a script.)
    const load = page.getByRole('button', {
      name: locale === 'ru' ? 'Загрузить YAML' : 'Load YAML',
    });
    await page.waitForFunction(
      (el) => el instanceof HTMLButtonElement && !el.disabled,
      await load.elementHandle(),
    );
    await load.click();
    await page
      .getByTestId('confirm-dialog')
      .getByRole('button')
      .last()
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    await page.getByTestId('problems').waitFor({ timeout: 30_000 });
    const problems = page.getByTestId('problems');
    await problems.locator('.gen-problems-head').click();
    await problems.getByTestId('problem-details').first().waitFor({ timeout: 15_000 });
    await problems.getByTestId('problem-details').first().locator('summary').click();
    console.log(await problems.textContent());
    console.log(await screenshot(page, `issue31-17-problems-${locale}`));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
