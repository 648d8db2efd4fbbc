/**
 * A 5 MB example body (issue 12.6), in Chromium against the real server (`npm run bench:large-body`;
 * a script, not a test): paste it into a response's example, type in the form, let it save, and
 * reload. Prints the longest main-thread task of each phase; the target is under 200 ms.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, startServer } from '../tests/e2e/harness';
import { instrumentedPage, longestTaskSince, openGeneratorAsDemo } from './support';

/** A JSON array of records, `size` characters or a little more. */
function body(size: number): string {
  const items: string[] = [];
  let length = 2;
  for (let i = 0; length < size; i++) {
    const item = JSON.stringify({ id: i, name: `item ${i}`, tags: ['a', 'b'], price: i / 7 });
    items.push(item);
    length += item.length + 1;
  }
  return `[${items.join(',')}]`;
}

const now = (page: Page) => page.evaluate(() => performance.now());
/** The longest task (ms, rounded) since `from`. */
const longest = async (page: Page, from: number) => Math.round(await longestTaskSince(page, from));

async function main(): Promise<void> {
  const text = body(5 * 1024 * 1024);
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    if (!server.demo) throw new Error('no demo account in the server output');
    const { context, page } = await instrumentedPage(browser, server, {
      width: 1440,
      height: 900,
    });
    await openGeneratorAsDemo(page, server);
    const panel = page.getByTestId('endpoint-panel').first();
    await panel.getByLabel('Path', { exact: true }).fill('/items');
    const response = panel.getByTestId('response').first();
    await response.getByLabel('Body name', { exact: true }).fill('Items');
    const example = response.getByRole('textbox', { name: /example JSON/ });
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.waitForTimeout(1000);

    const rows: [string, string][] = [];
    let t0 = await now(page);
    const cdp = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await example.click();
    await page.keyboard.press('Control+V');
    await page.waitForTimeout(4000); // schema, validation and saving settle
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const { writeFile } = await import('node:fs/promises');
      await writeFile(process.env.BENCH_PROFILE!, JSON.stringify(profile));
    }
    rows.push(['paste 5 MB into the example: longest task', `${await longest(page, t0)} ms`]);

    t0 = await now(page);
    const summary = panel.getByLabel('Summary', { exact: true });
    await summary.click();
    await page.keyboard.type('List the items', { delay: 30 });
    await page.waitForTimeout(3000);
    rows.push(['typing in the form, then saving: longest task', `${await longest(page, t0)} ms`]);

    await page.reload();
    await page.getByTestId('endpoint-panel').first().waitFor();
    await page.waitForTimeout(4000);
    // A large example is kept whole but not laid out: its length is on the placeholder.
    const restoredLength = Number(
      await page
        .getByTestId('large-example')
        .first()
        .getAttribute('data-length', { timeout: 10_000 })
        .catch(() => '0'),
    );
    rows.push(['reload and restore: longest task', `${await longest(page, 0)} ms`]);
    rows.push([
      'example restored after the reload',
      restoredLength === text.length ? 'yes' : `no (${restoredLength} chars)`,
    ]);

    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(
      `\n5 MB example body (${(text.length / 1024 / 1024).toFixed(1)} M chars), Chromium ${browser.version()}\n`,
    );
    console.log(`| ${'measure'.padEnd(width)} | value |`);
    console.log(`|${'-'.repeat(width + 2)}|-------|`);
    for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
