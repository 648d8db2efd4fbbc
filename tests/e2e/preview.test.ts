/**
 * The docs preview does not trust the document (issue 21.2), end to end in Chromium with the
 * Content-Security-Policy switched off (SPECFORM_CSP=off), so what holds is the preview's own
 * doing: no `javascript:` link, nothing drawn outside the preview, no request for external `$ref`s
 * or images (a local listener counts them), no request to another host at all; and it offers no
 * "Ask AI" or API-client control (issue 20.3). Screenshots of a normal and a hostile document go
 * to screenshots/ (git-ignored).
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppAndBrowser, newContext, SCREENSHOT_DIR, type StartedServer } from './harness';
import { openGenerator, replaceEditorText, signIn } from './generator-helpers';

let server: StartedServer;
let browser: Browser;
let listener: Server;
let listenerPort = 0;
const listenerHits: string[] = [];

beforeAll(async () => {
  listener = createServer((request, response) => {
    listenerHits.push(request.url ?? '');
    response.writeHead(200, {
      'content-type': 'application/yaml',
      'access-control-allow-origin': '*',
    });
    response.end('Pet:\n  type: object\n  description: FETCHED-FROM-LISTENER\n');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  listenerPort = typeof address === 'object' && address ? address.port : 0;
});

startAppAndBrowser(
  (app) => {
    ({ server, browser } = app);
  },
  { env: { SPECFORM_CSP: 'off' } },
);

afterAll(async () => {
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
});

const PETSTORE = `openapi: 3.0.1
info:
  title: Pet Store
  version: 1.0.0
  description: A sample API that uses a pet store as an example. See [the guide](https://example.com/guide).
  contact:
    name: API support
    url: https://example.com/support
tags:
  - name: pets
    description: Everything about your pets
paths:
  /pets:
    get:
      tags: [pets]
      summary: List all pets
      operationId: listPets
      responses:
        '200':
          description: A list of pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Pet'
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id:
          type: integer
        name:
          type: string
`;

function hostile(port: number): string {
  const local = `http://127.0.0.1:${port}`;
  return `openapi: 3.0.1
info:
  title: Hostile API
  version: 1.0.0
  termsOfService: "javascript:alert('tos')"
  description: |
    Read [the guide](javascript:alert('md')) and <a href="javascript:alert('html')">this page</a>,
    also [encoded](&#106;avascript:alert('enc')) and <a href=" JaVaScRiPt:alert('case')">that</a>
    and <javascript:alert('auto')>.

    <div class="fixed inset-0 z-[10000] bg-white" id="overlay-box"><a href="https://phish.example/login">Log in again</a></div>

    ![pixel](${local}/md-image.png) <img src="${local}/html-image.png">
    <iframe src="${local}/iframe"></iframe>
  contact:
    name: Evil support
    url: "javascript:alert('contact')"
  license:
    name: Evil license
    url: "data:text/html,<script>alert('license')</script>"
externalDocs:
  description: More docs
  url: "javascript:alert('externalDocs')"
tags:
  - name: pets
    description: "[tag link](vbscript:msgbox)"
    externalDocs:
      url: "JAVASCRIPT:alert('tag')"
paths:
  /pets:
    get:
      tags: [pets]
      summary: List pets
      description: See <a href="javascript:alert('op')">here</a>.
      externalDocs:
        url: "javascript:alert('operation')"
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: "${local}/schema.yaml#/Pet"
              examples:
                remote:
                  externalValue: "${local}/example.json"
        '404':
          $ref: "http://169.254.169.254/latest/meta-data/"
        default:
          $ref: "https://example.com/responses.yaml#/Error"
  /remote:
    $ref: "${local}/path-item.yaml"
components:
  schemas:
    Remote:
      $ref: "./relative.yaml#/Remote"
    Local:
      type: object
      properties:
        other:
          $ref: "${local}/other.yaml"
`;
}

/** Puts `text` into the output editor the way a user pastes it, and opens the preview. */
async function preview(page: Page, text: string): Promise<FrameLocator> {
  await page.getByRole('tab', { name: 'YAML' }).first().click();
  await replaceEditorText(page, text);
  await page.waitForTimeout(300);
  await page.getByRole('tab', { name: 'Preview' }).click();
  await page
    .getByTestId('docs-preview')
    .locator('[data-state=rendered]')
    .waitFor({ timeout: 60_000 });
  return page.frameLocator('[data-testid=docs-preview-frame]');
}

describe('the docs preview (CSP switched off)', () => {
  let context: BrowserContext;
  let page: Page;
  const offHost: string[] = [];
  const cspHeaders: string[] = [];

  beforeAll(async () => {
    expect(server.demo, 'the demo account').toBeDefined();
    context = await newContext(browser, {
      width: 1440,
      height: 900,
      clipboardOrigin: server.baseUrl,
    });
    page = await context.newPage();
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${server.baseUrl}/`) && !/^(data|blob|about):/.test(url)) {
        offHost.push(url);
      }
    });
    page.on('response', (response) => {
      const csp = response.headers()['content-security-policy'];
      if (csp) cspHeaders.push(`${response.url()}: ${csp}`);
    });
    await signIn(page, server);
    await openGenerator(page, server.baseUrl);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('renders a normal document in a sandboxed frame, without Ask AI or the API client', async () => {
    const frame = await preview(page, PETSTORE);
    await expect
      .poll(() => frame.locator('body').textContent(), { timeout: 30_000 })
      .toContain('List all pets');
    expect(await page.getByTestId('docs-preview-frame').getAttribute('sandbox')).not.toContain(
      'allow-same-origin',
    );
    // The frame's origin is opaque: it cannot read the app's storage.
    const origin = await page.getByTestId('docs-preview-frame').evaluate((el) => {
      try {
        return (el as HTMLIFrameElement).contentWindow!.location.origin;
      } catch {
        return 'cross-origin';
      }
    });
    expect(origin).toBe('cross-origin');
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'preview-petstore.png') });
    // Wide enough for Scalar's sidebar (its search sits beside where "Ask AI" was): Scalar turns
    // "Ask AI" on by itself on local hosts like this one.
    await page.setViewportSize({ width: 2560, height: 1000 });
    await expect
      .poll(() => frame.locator('.t-doc__sidebar').filter({ visible: true }).count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'preview-petstore-wide.png') });
    const controls = await frame
      .locator('button, a, [role=button]')
      .filter({ visible: true })
      .allTextContents();
    expect(controls.join(' | ')).not.toMatch(
      /Ask AI|Test Request|Try it|Send|API Client|Download|Authorize/i,
    );
    expect(await frame.getByText('Ask AI').count()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(cspHeaders, 'the CSP is off for this test').toEqual([]);
  });

  it('shows a hostile document without script links, overlays outside it, or any request', async () => {
    const hitsBefore = listenerHits.length;
    const frame = await preview(page, hostile(listenerPort));
    await expect
      .poll(() => frame.locator('body').textContent(), { timeout: 30_000 })
      .toContain('Hostile API');
    await page.waitForTimeout(2000); // anything Scalar would fetch after the first render

    // No link runs script or leaves http(s)/mailto, in the frame or the page.
    const unsafe = (root: Page | FrameLocator) =>
      root
        .locator('a[href], area[href]')
        .evaluateAll((links) =>
          links
            .map((a) => (a as HTMLAnchorElement).href)
            .filter((href) => !/^(https?|mailto):/i.test(href)),
        );
    expect(await unsafe(frame)).toEqual([]);
    expect(await unsafe(page)).toEqual([]);
    // The text of those links stays, as text.
    expect(await frame.locator('body').textContent()).toContain('the guide');

    // The fixed full-window box stays inside the preview: the top bar is still ours.
    const topBar = await page.locator('.shell-topbar').boundingBox();
    expect(topBar).not.toBeNull();
    const hit = await page.evaluate(
      ([x, y]) => {
        const el = document.elementFromPoint(x!, y!);
        return el?.closest('.shell-topbar') ? 'topbar' : (el?.outerHTML.slice(0, 80) ?? 'none');
      },
      [topBar!.x + topBar!.width / 2, topBar!.y + topBar!.height / 2],
    );
    expect(hit).toBe('topbar');
    const previewBox = await page.getByTestId('docs-preview').boundingBox();
    const overlay = await frame.locator('#overlay-box, .fixed.inset-0').first().boundingBox();
    if (overlay) {
      expect(overlay.y).toBeGreaterThanOrEqual(previewBox!.y - 1);
      expect(overlay.x).toBeGreaterThanOrEqual(previewBox!.x - 1);
    }

    // External $refs, images, frames and externalValue were never fetched.
    expect(listenerHits.slice(hitsBefore)).toEqual([]);
    expect(await frame.locator('body').textContent()).not.toContain('FETCHED-FROM-LISTENER');
    expect(await frame.locator('body').textContent()).toContain('External reference not loaded');
    expect(offHost).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'preview-hostile.png') });
  });
});
