/**
 * Issue 30.1 in Chromium: an example that does not fit its schema is the lint's finding
 * (Spectral's `oas3-valid-media-example`), in the Problems panel in words, in the output editor
 * and on the body's examples in the form. Choosing it opens the body's examples. Screenshots of
 * the panel in English and Russian go to screenshots/ (git-ignored).
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

/** Clean under `spectral:oas` but for the response example, whose `age` is not an integer. */
const DOC = `openapi: 3.0.3
info:
  title: Pets
  version: '1'
  description: Pets and their ages.
  contact:
    name: Pets team
servers:
  - url: https://pets.example.com
tags:
  - name: pets
    description: Pets
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      description: Lists the pets.
      tags: [pets]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  age:
                    type: integer
              examples:
                puppy:
                  value:
                    age: old
`;

const LABELS = {
  en: { load: 'Load YAML', replace: 'Replace', problems: /Problems/, where: 'response 200' },
  ru: { load: 'Загрузить YAML', replace: 'Заменить', problems: /Проблемы/, where: '200' },
} as const;

describe('examples that do not fit their schema come from the lint (issue 30.1)', () => {
  for (const locale of ['en', 'ru'] as const) {
    it(`shows the lint's finding in the panel and on the body (${locale})`, async () => {
      const labels = LABELS[locale];
      const context = await newContext(browser, { width: 1440, height: 1000, locale });
      const page = await context.newPage();
      try {
        await signInToGenerator(page, server);
        await replaceEditorText(page, DOC);
        await loadYamlReplacing(page, () => page.getByTestId('problems').waitFor(), labels);
        const problems = page.getByTestId('problems');
        await problems.getByRole('button', { name: labels.problems }).first().click();
        const group = problems.locator(
          '[data-testid="rule-group"][data-rule="oas3-valid-media-example"]',
        );
        await group.waitFor({ timeout: 60_000 });
        expect(await group.getByTestId('rule-count').textContent()).toBe('1');
        const row = group.getByTestId('problem');
        const text = (await row.textContent()) ?? '';
        expect(text).toContain('puppy');
        expect(text).toContain(labels.where);
        if (locale === 'en') expect(text).toContain('“age” has the wrong type of value');
        else expect(text).toMatch(/[а-яё]/i);
        // The line in the YAML, and the validator's words behind Details.
        expect(await group.getByTestId('reveal-yaml').textContent()).toMatch(/\d+/);
        await group.getByTestId('problem-details').locator('summary').click();
        expect(await group.getByTestId('problem-details').textContent()).toContain(
          '"age" property type must be integer',
        );
        // Spectral's error: reported, not blocking (no count of errors that block generation).
        expect(await problems.getByTestId('problems-errors').count()).toBe(0);
        await problems.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `problems-example-${locale}.png`),
        });
        // Chosen: the body's examples, which say it too.
        await row.click();
        const extras = page.locator('[data-example-body="200"]');
        await expect
          .poll(
            () =>
              page.evaluate(() => document.activeElement?.closest('[data-example-body]') !== null),
            { timeout: 15_000 },
          )
          .toBe(true);
        expect(await extras.getByTestId('example-misfits').textContent()).toMatch(/^1 /);
        await extras.locator('summary').click();
        expect(await extras.getByTestId('example-problems').textContent()).toContain('puppy: /age');
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
