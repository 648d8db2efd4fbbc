/**
 * End-to-end harness: the real server (src/server/server.ts) on a free port with a throwaway
 * data folder, Debian's Chromium driven by playwright-core, and the verification link read
 * from the outbox. Used by every tests/e2e/*.test.ts.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where screenshots go (git-ignored). */
export const SCREENSHOT_DIR = path.join(ROOT, 'screenshots');

export interface StartedServer {
  baseUrl: string;
  dataDir: string;
  /** The demo account printed on first start (embedded mode only). */
  demo?: { email: string; password: string };
  /** Everything the server wrote to stdout and stderr so far. */
  logs(): string;
  /** Stops the server and removes its data folder (unless `keepData`). */
  stop(how?: { keepData?: boolean }): Promise<void>;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The build the server serves: dist/, or DIST_DIR (a private build beside another one). */
export const DIST = path.resolve(process.env.DIST_DIR ?? path.join(ROOT, 'dist'));

/** Builds the app once when it is missing (CI builds before the e2e step). */
export function ensureBuilt(): void {
  if (existsSync(path.join(DIST, 'index.html'))) return;
  execFileSync('npx', ['vite', 'build', '--outDir', DIST, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Variables of the developer's shell that would point the server elsewhere. */
const STRIPPED_ENV = ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'PORT', 'DATA_DIR', 'PUBLIC_URL'];

/**
 * A data folder whose embedded database is made (PGlite's initdb, every migration, the demo
 * account) by the e2e run's global setup: each server starts from a copy of it instead of making
 * its own, which is most of a server's start (an initdb is 8–20 s on this machine, a copy well
 * under one). Its demo account's credentials come with it (they are printed on the first start
 * only). Without it (a screenshot script run alone), every server makes its own database.
 */
export const TEMPLATE_ENV = 'SPECFORM_E2E_DATA_TEMPLATE';

interface DataTemplate {
  dir: string;
  demo?: { email: string; password: string };
}

function dataTemplate(): DataTemplate | undefined {
  const raw = process.env[TEMPLATE_ENV];
  if (raw === undefined || raw === '') return undefined;
  return JSON.parse(raw) as DataTemplate;
}

/** Makes the data-folder template in `dir` (one server started and stopped there). */
export async function makeDataTemplate(dir: string): Promise<DataTemplate> {
  const server = await startServer({ dataDir: dir, fromTemplate: false });
  const demo = server.demo;
  await server.stop({ keepData: true });
  return demo === undefined ? { dir } : { dir, demo };
}

/**
 * Starts `tsx src/server/server.ts` on a free port with a fresh DATA_DIR (embedded database,
 * outbox mail) and PUBLIC_URL = baseUrl; resolves once /healthz answers.
 */
export async function startServer(
  opts: { env?: Record<string, string>; dataDir?: string; fromTemplate?: boolean } = {},
): Promise<StartedServer> {
  ensureBuilt();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'specform-e2e-')));
  const template = opts.fromTemplate === false ? undefined : dataTemplate();
  if (template !== undefined) {
    await cp(path.join(template.dir, 'db'), path.join(dataDir, 'db'), { recursive: true });
  }
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !STRIPPED_ENV.includes(key)) env[key] = value;
  }
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    OPERATOR_NAME: 'IP Ivanov Ivan Ivanovich',
    OPERATOR_SUPPORT_EMAIL: 'support@specform.test',
    OPERATOR_TAX_NUMBER: '771234567890',
    OPERATOR_REGISTRATION_NUMBER: '321774600123456',
    ...opts.env,
  });

  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const child: ChildProcess = spawn(tsx, ['src/server/server.ts'], {
    cwd: ROOT,
    env,
    detached: true, // own process group, so stop() ends tsx and its node child together
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const stop = async (how: { keepData?: boolean } = {}) => {
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const killed = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await exit;
      }
    }
    if (!how.keepData) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) {
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`The server exited before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not ready within 90 s:\n${output}`);
    }
    await sleep(200);
  }

  const demoMatch = /Demo account created: email=(\S+) password=([^\s"]+)/.exec(output);
  return {
    baseUrl,
    dataDir,
    demo: demoMatch ? { email: demoMatch[1]!, password: demoMatch[2]! } : template?.demo,
    logs: () => output,
    stop,
  };
}

/** Debian's Chromium, headless, through playwright-core (never a downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The server and browser of one test file (see {@link startAppAndBrowser}). */
export interface E2eApp {
  server: StartedServer;
  browser: Browser;
}

/**
 * Starts a server and a browser before the file's tests and stops them after: `ready` runs once
 * both are up (the file keeps them in its own variables, prepares its pages). A file's own
 * `afterAll` registered after this call runs first (vitest runs after-hooks as a stack).
 */
export function startAppAndBrowser(
  ready?: (app: E2eApp) => void | Promise<void>,
  options: { env?: Record<string, string>; timeout?: number } = {},
): void {
  let server: StartedServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(options.env === undefined ? {} : { env: options.env });
    browser = await launchBrowser();
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await ready?.({ server, browser });
  }, options.timeout ?? 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/**
 * A browser context with the language preset in localStorage (`en` unless told) and, unless
 * `cookieBanner` is true, the cookie banner already accepted. With `clipboardOrigin`, pages of
 * that origin may read and write the clipboard (the output editor helpers copy and paste).
 */
export async function newContext(
  browser: Browser,
  opts: {
    baseURL?: string;
    locale?: 'en' | 'ru';
    cookieBanner?: boolean;
    width?: number;
    height?: number;
    clipboardOrigin?: string;
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: opts.baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
  });
  if (opts.clipboardOrigin) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: opts.clipboardOrigin,
    });
  }
  const locale = opts.locale ?? 'en';
  const accept = !opts.cookieBanner;
  await context.addInitScript(
    ({ locale, accept }) => {
      if (!sessionStorage.getItem('e2e-init')) {
        sessionStorage.setItem('e2e-init', '1');
        if (!localStorage.getItem('language')) localStorage.setItem('language', locale);
        if (accept) localStorage.setItem('cookieConsent', 'accepted');
      }
    },
    { locale, accept },
  );
  return context;
}

/** Decodes quoted-printable text (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every readable form of an .eml file: raw, quoted-printable decoded, base64 parts decoded. */
function readableForms(eml: string): string[] {
  const forms = [eml, decodeQuotedPrintable(eml)];
  for (const match of eml.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)) {
    try {
      forms.push(Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
    } catch {
      // not base64
    }
  }
  return forms;
}

const LINK = /https?:\/\/[^\s"'<>]+\/emailverification\/[A-Za-z0-9_~.%-]+/;

/** Finds the verification link of the newest outbox mail to `email` (waits up to 15 s). */
export async function readVerificationLink(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const wanted = email.toLowerCase();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = existsSync(outbox) ? await readdir(outbox) : [];
    const mails: { mtime: number; text: string }[] = [];
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const file = path.join(outbox, name);
      mails.push({ mtime: (await stat(file)).mtimeMs, text: await readFile(file, 'utf8') });
    }
    mails.sort((a, b) => b.mtime - a.mtime);
    for (const { text } of mails) {
      const headerEnd = text.search(/\r?\n\r?\n/);
      const headers = text
        .slice(0, headerEnd < 0 ? undefined : headerEnd)
        .replace(/\r?\n[ \t]+/g, ' ');
      const to = /^To:(.*)$/im.exec(headers)?.[1]?.toLowerCase() ?? '';
      if (!to.includes(wanted)) continue;
      const header = /^X-Specform-Link:\s*(\S+)/im.exec(headers)?.[1];
      if (header && LINK.test(header)) return header;
      for (const form of readableForms(text)) {
        const link = LINK.exec(form)?.[0];
        if (link) return link;
      }
    }
    if (Date.now() > deadline) throw new Error(`No verification link for ${email} in ${outbox}`);
    await sleep(200);
  }
}

/**
 * Every X-Specform-Link mailed to `email` that contains `part`, oldest first, waiting up to 15 s
 * for `count` of them (fewer when they do not come).
 */
export async function mailedLinks(
  dataDir: string,
  email: string,
  part: string,
  count = 1,
): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found: string[] = [];
    const names = existsSync(outbox) ? (await readdir(outbox)).sort() : [];
    for (const name of names) {
      const text = await readFile(path.join(outbox, name), 'utf8');
      const head = text.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      const to = /^To:(.*)$/im.exec(head)?.[1]?.toLowerCase() ?? '';
      const link = /^X-Specform-Link:\s*(\S+)/im.exec(head)?.[1];
      if (link?.includes(part) && to.includes(email.toLowerCase())) found.push(link);
    }
    if (found.length >= count || Date.now() > deadline) return found;
    await sleep(200);
  }
}

let userCounter = 0;

/** A unique e-mail address for one test run. */
export function uniqueEmail(prefix = 'user'): string {
  userCounter += 1;
  return `${prefix}.${Date.now().toString(36)}.${userCounter}@example.com`;
}

/**
 * Registers an account through the API and verifies it with the link from the outbox, so a test
 * can start at the login page. Names are Latin letters only (spec §5).
 */
export async function registerVerifiedUser(
  server: Pick<StartedServer, 'baseUrl' | 'dataDir'>,
  opts: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<{ email: string; password: string; firstName: string; lastName: string }> {
  const user = {
    email: opts.email ?? uniqueEmail(),
    password: opts.password ?? 'Kx7#pQ2m!vZ',
    firstName: opts.firstName ?? 'Anna',
    lastName: opts.lastName ?? 'Smith',
  };
  const registration = await fetch(`${server.baseUrl}/api/public/v1/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, acceptTerms: true }),
  });
  if (!registration.ok) {
    throw new Error(`registration failed: ${registration.status} ${await registration.text()}`);
  }
  const link = await readVerificationLink(server.dataDir, user.email);
  const uuid = decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
  const verify = await fetch(`${server.baseUrl}/api/public/v1/registration/verify`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uuid }),
  });
  if (!verify.ok) throw new Error(`verification failed: ${verify.status} ${await verify.text()}`);
  return user;
}

/**
 * Clicks Load YAML (enabled first) and answers Replace if the form asks before being replaced;
 * resolves when `loaded` does (the form shows the document). `labels` name the two buttons in
 * another language.
 */
export async function loadYamlReplacing(
  page: Page,
  loaded: () => Promise<unknown>,
  labels: { load: string; replace: string } = { load: 'Load YAML', replace: 'Replace' },
): Promise<void> {
  const load = page.getByRole('button', { name: labels.load });
  await expect.poll(() => load.isEnabled(), { timeout: 30_000 }).toBe(true);
  await load.click();
  const replace = page
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: labels.replace, exact: true });
  await Promise.race([replace.click({ timeout: 5_000 }).catch(() => undefined), loaded()]);
  await loaded();
}

/** The lines of `after` that differ from `before` (both split into lines), or a marker. */
export function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  return b.length === a.length ? b.filter((line, i) => line !== a[i]) : ['(line count)'];
}
