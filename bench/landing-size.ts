/**
 * Landing page weight (issue 21 §9): serves a production build (DIST_DIR, default dist/) from a
 * small static server with the SPA fallback, opens `/` in Chromium (playwright-core, Debian's
 * /usr/bin/chromium) and sums the JavaScript the page actually loads, raw and gzipped (level 9,
 * as Vite reports it). Budget: 150 KB gzipped; exits 1 above it.
 *
 *   npx vite build --outDir /tmp/dist-x --emptyOutDir && DIST_DIR=/tmp/dist-x npm run bench:landing
 *   LANDING_LOCALE=ru-RU … (the browser language; default en-US)
 *   LANDING_URL=http://127.0.0.1:8080 … (a running server instead of the static one)
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const DIST = path.resolve(process.env.DIST_DIR ?? 'dist');
const BUDGET_KB = 150;
const LOCALE = process.env.LANDING_LOCALE ?? 'en-US';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

function serve(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (pathname.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"message":"Not found"}');
      return;
    }
    let file = path.join(DIST, pathname);
    if (!file.startsWith(DIST) || !existsSync(file) || pathname.endsWith('/')) {
      file = path.join(DIST, 'index.html');
    }
    readFile(file).then(
      (body) => {
        const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
        response.writeHead(200, { 'content-type': type });
        response.end(body);
      },
      () => {
        response.writeHead(404);
        response.end();
      },
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main() {
  if (!process.env.LANDING_URL && !existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`No build in ${DIST}: run vite build first (see the header of this file)`);
  }
  // LANDING_URL: measure a running server instead (e.g. the real one with DIST_DIR).
  const server = process.env.LANDING_URL ? undefined : await serve();
  const base =
    process.env.LANDING_URL ?? `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const context = await browser.newContext({ locale: LOCALE });
    const page = await context.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js') || response.request().resourceType() === 'script') {
        scripts.set(url.pathname, response.body());
      }
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    const rows: { file: string; raw: number; gzip: number }[] = [];
    for (const [file, body] of scripts) {
      const bytes = await body;
      rows.push({ file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    rows.sort((a, b) => b.gzip - a.gzip);
    const kb = (n: number) => (n / 1024).toFixed(1);
    for (const row of rows) {
      console.log(`${kb(row.gzip).padStart(8)} KB gz ${kb(row.raw).padStart(8)} KB  ${row.file}`);
    }
    const total = rows.reduce((sum, row) => sum + row.gzip, 0);
    const raw = rows.reduce((sum, row) => sum + row.raw, 0);
    console.log(
      `Landing JS (${LOCALE}): ${rows.length} files, ${kb(raw)} KB raw, ${kb(total)} KB gzipped (budget ${BUDGET_KB} KB)`,
    );
    if (total > BUDGET_KB * 1024) process.exitCode = 1;
  } finally {
    await browser.close();
    server?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
