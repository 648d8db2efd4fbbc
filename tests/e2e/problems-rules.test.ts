/**
 * Issue 30.4 in Chromium: a finding's "YAML" button reveals its operation's line in the output
 * editor, and "Turn off for this project" hides the rule's findings, which stay off after a
 * reload (the ruleset is kept per workspace).
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startAppAndBrowser, loadYamlReplacing, newContext, type StartedServer } from './harness';
import { replaceEditorText, signInToGenerator } from './generator-helpers';
import { MISFIT_EXAMPLE_DOCUMENT } from '../shared/support/misfit-example';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

describe('a Problems panel that helps (issue 30.4)', () => {
  it('jumps to the YAML line and turns a rule off for good', { timeout: 180_000 }, async () => {
    const context = await newContext(browser, { width: 1440, height: 900 });
    const page = await context.newPage();
    await signInToGenerator(page, server);
    await replaceEditorText(page, MISFIT_EXAMPLE_DOCUMENT);
    await loadYamlReplacing(page, () => page.getByTestId('problems').waitFor());
    const problems = page.getByTestId('problems');
    await problems.getByRole('button', { name: /Problems/ }).click();
    const group = problems.locator(
      '[data-testid="rule-group"][data-rule="oas3-valid-media-example"]',
    );
    await group.waitFor({ timeout: 15_000 });
    await group.getByTestId('reveal-yaml').first().click();
    await page.locator('.doc-highlight-line').first().waitFor({ timeout: 10_000 });

    await group.getByTestId('turn-off-rule').click();
    await expect.poll(() => group.count()).toBe(0);
    expect(await problems.getByTestId('rules-off').textContent()).toContain('1 rule turned off');

    await page.reload();
    await page.getByTestId('problems').waitFor({ timeout: 60_000 });
    await page
      .getByTestId('problems')
      .getByRole('button', { name: /Problems/ })
      .click();
    await page.getByTestId('rules-off').waitFor({ timeout: 15_000 });
    expect(
      await page
        .locator('[data-testid="rule-group"][data-rule="oas3-valid-media-example"]')
        .count(),
    ).toBe(0);
    await context.close();
  });
});
