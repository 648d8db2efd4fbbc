/**
 * Issue 20 point 4: problems that mean something. The load warnings are the collapsed load
 * report, not counted as problems: rows to act on (unused schemas as one row), and notes counted
 * per kind in a "Kept as written" list; the badge counts the problems only; no note contradicts the form; every tooltip is its row's
 * translated text; the panels' red labels are the errors the Problems panel counts.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Endpoint, ImportWarning } from '../../../src/shared/openapi';
import { EndpointStore } from '../../../src/app/model/endpoint-store';
import { collectProblems, warningKind } from '../../../src/app/generator/problems';
import { ProblemsPanel } from '../../../src/app/generator/ProblemsPanel';
import { renderPage } from '../pages/pricing/page-helpers';
import { ProblemsHarness } from './problems-harness';

const warning = (code: string, pointer: string, at?: [string, string]): ImportWarning => ({
  code,
  pointer,
  message: `'${pointer}' is not kept.`,
  ...(at === undefined ? {} : { method: at[0], path: at[1] }),
});

const endpoint = (id: string, patch: Partial<Endpoint> = {}): Endpoint => ({
  id,
  method: 'GET',
  path: `/${id}`,
  summary: '',
  parameters: [],
  responses: [{ statusCode: 200, body: { name: '', customerJson: '' } }],
  ...patch,
});

/** What a loaded Intercom-like document warns about, by the hundred. */
function loadWarnings(): ImportWarning[] {
  const out: ImportWarning[] = [
    warning('SERVERS', '/servers'),
    warning('SECURITY', '/security'),
    warning('TAG_DEFINITIONS', '/tags'),
    warning('INFO_FIELD', '/info/contact'),
    warning('INFO_FIELD', '/info/x-logo'),
    warning('MISSING_OPENAPI_VERSION', '/openapi'),
  ];
  for (let i = 0; i < 40; i++) {
    out.push(warning('EXTERNAL_DOCS', `/paths/~1a${i}/get/externalDocs`, ['GET', '/a']));
  }
  for (let i = 0; i < 30; i++) {
    out.push(warning('UNSUPPORTED_STATUS_CODE', `/paths/~1a/get/responses/default`, ['GET', '/a']));
  }
  for (let i = 0; i < 25; i++) out.push(warning('UNUSED_SCHEMA', `/components/schemas/S${i}`));
  return out;
}

describe('load warnings by kind (issue 20 point 4)', () => {
  it('says nothing about what the form edits, notes what it keeps, warns what to act on', () => {
    expect(warningKind(warning('SERVERS', '/servers'))).toBe('none');
    expect(warningKind(warning('SECURITY', '/security'))).toBe('none');
    expect(warningKind(warning('TAG_DEFINITIONS', '/tags'))).toBe('none');
    expect(warningKind(warning('INFO_FIELD', '/info/license'))).toBe('none');
    expect(warningKind(warning('INFO_FIELD', '/info/summary'))).toBe('note');
    expect(warningKind(warning('EXTERNAL_DOCS', '/externalDocs'))).toBe('note');
    expect(warningKind(warning('UNSUPPORTED_STATUS_CODE', '/x'))).toBe('note');
    expect(warningKind(warning('EXTENSION', '/x-a'))).toBe('note');
    expect(warningKind(warning('UNUSED_SCHEMA', '/components/schemas/A'))).toBe('warning');
    expect(warningKind(warning('UNRESOLVED_REF', '/x'))).toBe('warning');
  });

  it('groups notes per kind with a count, and unused schemas as one row of the load report', () => {
    const endpoints = [endpoint('a')];
    const problems = collectProblems(
      ['a'],
      (id) => endpoints.find((e) => e.id === id),
      undefined,
      loadWarnings(),
    );
    expect(problems.notes.map((n) => [n.code, n.count])).toEqual([
      ['INFO_FIELD', 1],
      ['EXTERNAL_DOCS', 40],
      ['UNSUPPORTED_STATUS_CODE', 30],
    ]);
    expect(problems.unused).toHaveLength(25);
    expect(problems.loadWarnings.map((p) => p.warning.code)).toEqual(['MISSING_OPENAPI_VERSION']);
    expect(problems.warnings).toEqual([]);
  });

  it('counts no load warning as a problem; the load report sits collapsed, notes one line per kind', () => {
    const endpoints = [endpoint('a')];
    const problems = collectProblems(
      ['a'],
      (id) => endpoints.find((e) => e.id === id),
      undefined,
      loadWarnings(),
    );
    renderPage(<ProblemsPanel problems={problems} open onToggle={() => {}} onSelect={() => {}} />);
    const panel = screen.getByTestId('problems');
    // No problem: the head says how many lines the load report has (1 + unused row + 71 notes).
    expect(screen.queryByTestId('problems-warnings')).toBeNull();
    expect(screen.queryByTestId('problems-errors')).toBeNull();
    expect(screen.getByTestId('problems-load-report').textContent).toBe('73 notes from loading');
    const report = screen.getByTestId('load-report');
    expect(report.tagName).toBe('DETAILS');
    expect(report.hasAttribute('open')).toBe(false);
    // One document warning and one row for the 25 unused schemas: 2 rows, not 26.
    expect(within(report).getAllByTestId('problem')).toHaveLength(2);
    const unused = screen.getByTestId('unused-schemas');
    expect(unused.textContent).toContain('Schemas no operation uses: 25');
    expect(unused.hasAttribute('open')).toBe(false);
    expect(unused.textContent).toContain('S24');

    const notes = within(report).getByTestId('kept-as-written');
    expect(notes.tagName).toBe('DETAILS');
    expect(notes.hasAttribute('open')).toBe(false);
    expect(within(notes).getByText('Kept as written')).toBeTruthy();
    const lines = within(notes).getAllByTestId('note');
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => line.textContent)).toEqual([
      'Document info fields the form does not show×1',
      'External documentation links×40',
      'Response codes the form does not show (default, 2XX)×30',
    ]);
    // Nothing says the servers, security or tags are "kept as written": the form edits them.
    expect(panel.textContent).not.toMatch(/Servers|Security|Tag definitions|not kept/);
  });

  it('shows only notes without a badge when nothing needs acting on', () => {
    const problems = collectProblems([], () => undefined, undefined, [
      warning('EXTENSION', '/x-a'),
      warning('EXTENSION', '/x-b'),
    ]);
    renderPage(
      <ProblemsPanel problems={problems} open={false} onToggle={() => {}} onSelect={() => {}} />,
    );
    expect(screen.queryByTestId('problems-warnings')).toBeNull();
    expect(screen.queryByTestId('problems-errors')).toBeNull();
    expect(screen.getByTestId('problems').textContent).toContain('2 notes from loading');
  });

  it('gives every row a tooltip that is its own translated text (ru)', () => {
    const endpoints = [endpoint('a', { path: '' })];
    const problems = collectProblems(
      ['a'],
      (id) => endpoints.find((e) => e.id === id),
      {
        issues: { a: [{ code: 'PATH_REQUIRED', field: 'path' }] },
        duplicateIds: [],
        canGenerate: false,
      },
      [warning('MISSING_OPENAPI_VERSION', '/openapi')],
    );
    renderPage(<ProblemsPanel problems={problems} open onToggle={() => {}} onSelect={() => {}} />, {
      locale: 'ru',
    });
    const rows = screen.getAllByTestId('problem');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const where = row.querySelector('.gen-problem-where')?.textContent?.trim() ?? '';
      const text = row.querySelector('.gen-problem-text')?.textContent ?? '';
      const title = row.getAttribute('title') ?? '';
      expect(title.startsWith(`${where}: ${text}`)).toBe(true);
      // Translated: Russian words, never the core's English message.
      expect(text).toMatch(/[а-я]/i);
      expect(title).not.toMatch(/is not kept/);
    }
    expect(rows[1]!.querySelector('.gen-problem-where')?.textContent).toBe('Документ');
  });
});

describe('red labels agree with the Problems panel (issue 20 point 4)', () => {
  it('shows errors in red on the panels and in the count, warnings apart in both', () => {
    const store = new EndpointStore([
      endpoint('bad', { method: 'POST', path: 'no-slash' }),
      endpoint('conflict', {
        responses: [
          { statusCode: 200, body: { name: 'Out', customerJson: '{"a":1}' } },
          { statusCode: 204, body: { name: '', customerJson: '' } },
        ],
      }),
    ]);
    renderPage(<ProblemsHarness store={store} />);
    const errors = screen.getByTestId('problems-errors');
    expect(errors.textContent).toBe('1 blocks generation');
    expect(screen.getByTestId('problems-warnings').textContent).toBe('1 warning');
    const [bad, conflict] = screen.getAllByTestId('endpoint-panel');
    expect(
      within(bad!)
        .getAllByTestId('panel-label')
        .map((l) => l.textContent),
    ).toEqual(['Path invalid']);
    // A response conflict does not block: it is an amber label, counted as a warning.
    expect(within(conflict!).queryAllByTestId('panel-label')).toHaveLength(0);
    expect(
      within(conflict!)
        .getAllByTestId('panel-warning-label')
        .map((l) => l.textContent),
    ).toEqual(['Response conflict']);
    const redLabels = screen.getAllByTestId('panel-label').length;
    expect(redLabels).toBe(1);
    expect(bad!.className).toContain('gen-panel-invalid');
    expect(conflict!.className).not.toContain('gen-panel-invalid');

    fireEvent.change(within(bad!).getByLabelText('Path'), { target: { value: '/ok' } });
    expect(screen.queryByTestId('problems-errors')).toBeNull();
    expect(screen.queryAllByTestId('panel-label')).toHaveLength(0);
  });
});
