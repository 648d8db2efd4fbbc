/**
 * Issue 30.1 in Chromium: the Problems panel is one list of findings of named rules, the lint's
 * one answer. A rule the text carries (a blank parameter name) is found in the text; a rule only
 * the form can see (the same route twice: the second is never written) is found in the form's
 * state the document worker hands the lint with the text, under its rule name; both block
 * Generate. Screenshots of the panel in English and Russian go to screenshots/ (git-ignored).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  startAppAndBrowser,
  loadYamlReplacing,
  newContext,
  SCREENSHOT_DIR,
  type StartedServer,
} from './harness';
import { replaceEditorText, signInToGenerator } from './generator-helpers';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

const DOC = `openapi: 3.0.1
info:
  title: Pets
  version: '1'
paths:
  /pets:
    get:
      responses:
        '200':
          description: OK
  /owners:
    get:
      parameters:
        - in: query
          name: ''
          schema:
            type: string
      responses:
        '200':
          description: OK
`;

const LABELS = {
  en: {
    load: 'Load YAML',
    replace: 'Replace',
    duplicate: 'Duplicate',
    generate: 'Generate OpenAPI',
    problems: /Problems/,
  },
  ru: {
    load: 'Загрузить YAML',
    replace: 'Заменить',
    duplicate: 'Дублировать',
    generate: 'Сгенерировать OpenAPI',
    problems: /Проблемы/,
  },
} as const;

describe('one list of problems (issue 30.1)', () => {
  for (const locale of ['en', 'ru'] as const) {
    it(
      `lists the lint's rules and the form's own in one grouping (${locale})`,
      { timeout: 180_000 },
      async () => {
        const labels = LABELS[locale];
        const context = await newContext(browser, { width: 1440, height: 1000, locale });
        const page = await context.newPage();
        try {
          await signInToGenerator(page, server);
          await replaceEditorText(page, DOC);
          await loadYamlReplacing(page, () => page.getByTestId('problems').waitFor(), labels);
          const problems = page.getByTestId('problems');
          const rule = (code: string) =>
            problems.locator(`[data-testid="rule-group"][data-rule="${code}"]`);
          await problems.getByRole('button', { name: labels.problems }).first().click();
          // The blank name is in the text: the lint's rule, found at its line.
          await rule('PARAM_NAME_REQUIRED').waitFor({ timeout: 60_000 });
          expect(await rule('PARAM_NAME_REQUIRED').getByTestId('reveal-yaml').count()).toBe(1);
          const generate = page.getByRole('button', { name: labels.generate });
          expect(await generate.isDisabled()).toBe(true);
          // The same route twice: never written, so the form's rule says it, in the same list.
          const clicked = Date.now();
          await page
            .getByTestId('endpoint-panel')
            .first()
            .getByRole('button', { name: labels.duplicate, exact: true })
            .click();
          await rule('DUPLICATE').waitFor({ timeout: 30_000 });
          // The lint's answer after the edit carries it (its debounce and a lint of the form).
          console.log(`DUPLICATE in the panel ${Date.now() - clicked} ms after the click`);
          expect(await rule('DUPLICATE').getByTestId('rule-count').textContent()).toBe('2');
          // Our errors are not offered to turn off; the lint's warnings of Spectral's rules are.
          expect(await rule('DUPLICATE').getByTestId('turn-off-rule').count()).toBe(0);
          expect(await rule('PARAM_NAME_REQUIRED').getByTestId('turn-off-rule').count()).toBe(0);
          expect(await problems.getByTestId('turn-off-rule').count()).toBeGreaterThan(0);
          expect(await problems.getByTestId('problems-errors').textContent()).toMatch(/^3 /);
          expect(await generate.isDisabled()).toBe(true);
          await problems.evaluate((element) => element.scrollIntoView({ block: 'start' }));
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `problems-one-list-${locale}.png`),
          });
        } finally {
          await context.close();
        }
      },
    );
  }
});
