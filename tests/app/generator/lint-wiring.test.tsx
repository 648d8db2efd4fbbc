/**
 * The page and its lint (generator/useLint.ts, with a stand-in lint client): the lint's errors
 * of our own rules block Generate and say why; while the changed document waits for its lint,
 * the panel says it is being checked; the Problems panel lists the lint's findings with the
 * form's own problems; a refused ruleset is said plainly.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerProfile } from '../../../src/shared/api-types';
import type { LintFinding } from '../../../src/shared/openapi/lint/types';
import GeneratorPage from '../../../src/app/generator/GeneratorPage';
import { problemsViewKey } from '../../../src/app/generator/ProblemsPanel';
import {
  MemoryWorkspaceStore,
  setWorkspaceStore,
} from '../../../src/app/workspace/workspace-store';
import { fakeLint, resetFakeLint } from './fake-lint-client';
import { renderWithProviders, restored } from './helpers';

vi.mock('../../../src/app/generator/OutputEditor', () => import('./fake-output-editor'));
vi.mock('../../../src/app/core/lint-client', () => import('./fake-lint-client'));
vi.mock('../../../src/app/editor/monaco-load', () => ({
  loadMonacoInSteps: () => Promise.resolve(),
}));

const active: CustomerProfile = {
  firstName: 'A',
  lastName: 'B',
  email: 'a@example.com',
  balance: 0,
  subscription: { until: Math.floor(Date.now() / 1000) + 86_400 },
};

vi.mock('../../../src/app/api/customer', () => ({
  fetchCustomer: vi.fn(() => Promise.resolve(active)),
  isSubscriptionActive: () => true,
}));

const noResponses: LintFinding = {
  code: 'NO_RESPONSES',
  path: ['paths', '/a', 'post'],
  severity: 'error',
  message: 'Add at least one response',
  range: { start: { line: 6, character: 4 }, end: { line: 6, character: 8 } },
  source: 'specform',
};

const contact: LintFinding = {
  code: 'info-contact',
  path: ['info'],
  severity: 'warning',
  message: 'Info object must have "contact" object.',
  range: { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } },
  source: 'spectral:oas',
};

const mediaExample: LintFinding = {
  code: 'oas3-valid-media-example',
  path: ['paths', '/a', 'post', 'requestBody', 'content', 'application/json', 'example'],
  severity: 'error',
  message: '"age" property type must be integer',
  range: { start: { line: 9, character: 10 }, end: { line: 9, character: 20 } },
  source: 'spectral:oas',
};

async function pageWithPath(path: string) {
  const user = userEvent.setup();
  renderWithProviders(<GeneratorPage />);
  await restored();
  const panel = screen.getAllByTestId('endpoint-panel')[0]!;
  await user.type(within(panel).getByLabelText('Path'), path);
  return user;
}

const generate = () =>
  screen.getByRole('button', { name: 'Generate OpenAPI' }) as HTMLButtonElement;

beforeEach(() => {
  localStorage.clear();
  setWorkspaceStore(new MemoryWorkspaceStore());
  resetFakeLint();
  // The findings are each test's own (the text's findings of our rules are use-lint's).
  fakeLint.ours = false;
});

describe('the page and its lint', () => {
  it('blocks Generate on an error of our rules, says why, and lists it with the rest', async () => {
    fakeLint.findings = [noResponses, contact];
    const user = await pageWithPath('/a');
    await waitFor(() => expect(generate().disabled).toBe(true));
    await waitFor(() =>
      expect(generate().title).toBe(
        'Generate is disabled until this is fixed: POST /a: Add at least one response',
      ),
    );
    const reason = await screen.findByTestId('blocked-reason');
    expect(reason.textContent).toBe('1 problem blocks generation');
    await user.click(reason);
    const problems = screen.getByTestId('problems');
    const rules = within(problems)
      .getAllByTestId('rule-group')
      .map((group) => group.getAttribute('data-rule'));
    expect(rules).toEqual(['NO_RESPONSES', 'info-contact']);
    expect(within(problems).getByTestId('problems-warnings').textContent).toBe('1 warning');
    // The lint's rows say where in the YAML they are.
    expect(within(problems).getAllByTestId('reveal-yaml')[0]!.textContent).toBe('Line 7');
  });

  it('decides Generate by the lint with the form’s own rules: a duplicate route blocks it', async () => {
    // The text's findings of our rules, as the lint worker answers them.
    fakeLint.ours = true;
    const user = await pageWithPath('/a');
    await waitFor(() => expect(generate().disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    // The second POST /a is never written: the lint's answer is clean, the form's rule blocks.
    await waitFor(() => expect(generate().disabled).toBe(true));
    expect(fakeLint.requests.length).toBeGreaterThan(0);
    await user.click(await screen.findByTestId('blocked-reason'));
    const problems = screen.getByTestId('problems');
    expect(within(problems).getByTestId('problems-errors').textContent).toBe('2 block generation');
    const groups = within(problems)
      .getAllByTestId('rule-group')
      .map((group) => group.getAttribute('data-rule'));
    expect(groups).toEqual(['DUPLICATE']);
    // A blank path is in the text: the lint's rule says it, and Generate waits for it too.
    const second = screen.getAllByTestId('endpoint-panel')[1]!;
    await user.clear(within(second).getByLabelText('Path'));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('problems'))
          .getAllByTestId('rule-group')
          .map((group) => group.getAttribute('data-rule')),
      ).toEqual(['PATH_REQUIRED']),
    );
    expect(generate().disabled).toBe(true);
    await user.type(within(second).getByLabelText('Path'), '/b');
    await waitFor(() => expect(generate().disabled).toBe(false));
  });

  it("counts Spectral's errors as errors that do not block Generate", async () => {
    fakeLint.findings = [mediaExample, contact];
    await pageWithPath('/a');
    const problems = await screen.findByTestId('problems');
    await waitFor(() =>
      expect(within(problems).getByTestId('problems-other-errors').textContent).toBe('1 error'),
    );
    expect(within(problems).getByTestId('problems-warnings').textContent).toBe('1 warning');
  });

  it('enables Generate once the changed document is linted clean', async () => {
    fakeLint.findings = [noResponses];
    const user = await pageWithPath('/a');
    await waitFor(() => expect(generate().disabled).toBe(true));
    await user.click(await screen.findByTestId('blocked-reason'));
    // The next lint waits: the panel says the rows are of the text before the change.
    let release = () => undefined as void;
    fakeLint.gate = new Promise<void>((resolve) => (release = resolve));
    fakeLint.findings = [];
    await user.type(
      within(screen.getAllByTestId('endpoint-panel')[0]!).getByLabelText('Path'),
      'b',
    );
    await screen.findByTestId('problems-checking');
    expect(screen.getByTestId('problems-stale')).toBeDefined();
    expect(generate().disabled).toBe(true);
    expect(generate().title).toBe('Generate waits for the changed document to be checked.');
    release();
    await waitFor(() => expect(generate().disabled).toBe(false));
    expect(screen.queryByTestId('problems-checking')).toBeNull();
    // An edit of one endpoint asks for a lint of what it touched.
    expect(fakeLint.requests.some((request) => request.touchedPaths !== undefined)).toBe(true);
  });

  it('sends the kept ruleset to the lint and says plainly when it is refused', async () => {
    localStorage.setItem(
      problemsViewKey('local'),
      JSON.stringify({ ruleset: 'extends:\n  - https://example.com/r.yaml\n' }),
    );
    fakeLint.rulesetError = {
      code: 'RULESET_REFUSED',
      message: 'https://example.com/r.yaml is not read here.',
    };
    fakeLint.findings = [contact];
    const user = await pageWithPath('/a');
    expect(fakeLint.rulesets).toContain('extends:\n  - https://example.com/r.yaml\n');
    const problems = await screen.findByTestId('problems');
    await user.click(within(problems).getByRole('button', { name: /Problems/ }));
    const error = await within(problems).findByTestId('problems-lint-error');
    expect(error.textContent).toMatch(/^The ruleset was refused: .*https:\/\/example.com\/r.yaml/);
    // A warning of Spectral's never blocks Generate.
    await waitFor(() => expect(generate().disabled).toBe(false));
  });
});
