/**
 * Issue 30 in Chromium: a project's ruleset is edited in the app ("Ruleset…" in the Problems
 * panel), checked by the lint engine before it is saved (a ruleset that would read the network is
 * refused in the dialog, the text kept), stored with the project, and still there after a reload.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProjectRuleset } from '../../src/shared/projects';
import { startAppAndBrowser, newContext, type StartedServer } from './harness';
import { api, openGenerator, signIn } from './generator-helpers';
import { MISFIT_EXAMPLE_DOCUMENT } from '../shared/support/misfit-example';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

const MINE = 'extends:\n  - spectral:oas\n  - specform\nrules:\n  operation-tags: off\n';

describe("a project's ruleset (issue 30)", () => {
  it(
    'is edited in the dialog, kept with the project and there after a reload',
    { timeout: 400_000 },
    async () => {
      const context = await newContext(browser, { width: 1440, height: 900 });
      const page = await context.newPage();
      await signIn(page, server);
      const { id } = await api<{ id: string }>(page, '/api/v1/customer/projects', {
        name: 'Ruleset',
        content: MISFIT_EXAMPLE_DOCUMENT,
      });
      await openGenerator(page, server.baseUrl, { project: id, status: 'saved' });
      const problems = page.getByTestId('problems');
      await problems.waitFor({ timeout: 60_000 });

      await problems.getByTestId('ruleset-open').click();
      const dialog = page.getByTestId('ruleset-dialog');
      const text = dialog.getByTestId('ruleset-text');
      expect(await text.inputValue()).toContain('spectral:oas');

      // A ruleset that would fetch from the network is not saved: the dialog says why and keeps
      // the text. The lint engine runs in its worker under the page's CSP (the worker's script
      // has a policy of its own that lets Ajv compile), so the refusal is the engine's own.
      const remote = 'extends:\n  - https://example.com/ruleset.yaml\n';
      await text.fill(remote);
      await dialog.getByTestId('ruleset-save').click();
      const error = dialog.getByTestId('ruleset-error');
      await error.waitFor({ timeout: 90_000 });
      expect(await error.textContent()).toMatch(/would read the network/);
      expect(await dialog.getByTestId('ruleset-save-unchecked').count()).toBe(0);
      expect(await text.inputValue()).toBe(remote);

      await text.fill(MINE);
      await dialog.getByTestId('ruleset-save').click();
      await dialog.waitFor({ state: 'detached', timeout: 90_000 });
      await expect
        .poll(() => api<ProjectRuleset>(page, `/api/v1/customer/projects/${id}/ruleset`), {
          timeout: 15_000,
        })
        .toEqual({ ruleset: MINE, rulesetRevision: 1 });
      await page.reload();
      await page.getByTestId('problems').waitFor({ timeout: 60_000 });
      await page.getByTestId('ruleset-open').click();
      expect(await page.getByTestId('ruleset-text').inputValue()).toBe(MINE);
      // Not kept in the browser: the project has it.
      expect(
        await page.evaluate((key) => localStorage.getItem(key), `specform.ruleset.pending.${id}`),
      ).toBeNull();
      await context.close();
    },
  );
});
