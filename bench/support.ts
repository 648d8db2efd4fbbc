/** What the UI benchmarks share: signing the demo account in and opening the generator. */
import type { Page } from 'playwright-core';
import type { StartedServer } from '../tests/e2e/harness';

/** Signs in as the server's demo account and waits for the generator's output editor. */
export async function openGeneratorAsDemo(page: Page, server: StartedServer): Promise<void> {
  if (!server.demo) throw new Error('no demo account in the server output');
  await page.goto(`${server.baseUrl}/login`);
  await page.locator('input[name=email]').fill(server.demo.email);
  await page.locator('input[name=password]').fill(server.demo.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.baseUrl}/generator`);
  await page.locator('.monaco-editor').waitFor();
}
