import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint, HttpMethod, KeptOperation } from '../../../src/shared/openapi';
import { Navigator } from '../../../src/app/generator/Navigator';
import { EndpointStore } from '../../../src/app/model/endpoint-store';
import { createEndpoint } from '../../../src/app/model/endpoint-ops';
import { DocumentContext, DocumentStore } from '../../../src/app/model/document-store';
import { newDocumentMeta, type TagObject } from '../../../src/shared/openapi/document/meta';
import {
  buildRows,
  highlightParts,
  marksByEndpoint,
  navEntry,
  patchRows,
  pathTailStart,
  queryTerms,
  sameMarksOr,
  splitParts,
  WEBHOOKS_KEY,
  withKept,
} from '../../../src/app/generator/navigator-model';
import type { ProblemList } from '../../../src/app/generator/problems';
import type { LintAnswer, LintFinding } from '../../../src/shared/openapi/lint/types';
import { renderWithProviders } from './helpers';

function endpoint(
  id: string,
  method: HttpMethod,
  path: string,
  extra: Partial<Endpoint> = {},
): Endpoint {
  return { ...createEndpoint(false), id, method, path, summary: '', ...extra };
}

const ENDPOINTS: Endpoint[] = [
  endpoint('a', 'GET', '/v1/customers', {
    summary: 'List customers',
    operationId: 'GetCustomers',
    tags: ['Customers'],
  }),
  endpoint('b', 'POST', '/v1/customers', { summary: 'Create a customer', tags: ['Customers'] }),
  endpoint('c', 'DELETE', '/v1/customers/{id}', {
    operationId: 'DeleteCustomer',
    tags: ['Customers'],
  }),
  endpoint('d', 'GET', '/v1/invoices', { summary: 'List invoices', tags: ['Invoices'] }),
  endpoint('e', 'GET', '/v1/charges', { summary: 'List charges' }),
];

const TAGS: TagObject[] = [
  { name: 'Billing' },
  { name: 'Invoices', parent: 'Billing' },
  { name: 'Customers' },
];

const NO_PROBLEMS: ProblemList = {
  blocking: [],
  pending: [],
  warnings: [],
  loadWarnings: [],
  unused: [],
  notes: [],
};

function renderNavigator(
  options: {
    problems?: ProblemList;
    endpoints?: Endpoint[];
    tags?: TagObject[];
    kept?: KeptOperation[];
  } = {},
) {
  const store = new EndpointStore(options.endpoints ?? ENDPOINTS);
  const document = new DocumentStore({ ...newDocumentMeta(), tags: options.tags ?? TAGS });
  const onOpen = vi.fn();
  const showInYaml = vi.fn();
  const view = renderWithProviders(
    <DocumentContext.Provider value={{ document, showInYaml }}>
      <Navigator
        store={store}
        problems={options.problems ?? NO_PROBLEMS}
        selectedId={undefined}
        onOpen={onOpen}
        kept={options.kept}
      />
    </DocumentContext.Provider>,
  );
  return { store, onOpen, showInYaml, view, user: userEvent.setup() };
}

function rowTexts(): string[] {
  return within(screen.getByTestId('nav-tree'))
    .queryAllByRole('treeitem')
    .map((row) => row.textContent ?? '');
}

function groups() {
  return screen.getAllByTestId('nav-group').map((row) => ({
    label: row.querySelector('.gen-nav-group-label')?.textContent,
    level: row.getAttribute('aria-level'),
    count: within(row).getByTestId('nav-count').textContent,
  }));
}

beforeEach(() => localStorage.clear());

describe('navigator model', () => {
  it('highlights every occurrence of every term, case-insensitively', () => {
    expect(highlightParts('/v1/Customers/{customer}', queryTerms('CUSTOMER'))).toEqual([
      { text: '/v1/', match: false },
      { text: 'Customer', match: true },
      { text: 's/{', match: false },
      { text: 'customer', match: true },
      { text: '}', match: false },
    ]);
  });

  it('keeps the distinguishing end of a path apart from its start (issue 31.15)', () => {
    const tail = (path: string) => path.slice(pathTailStart(path));
    expect(tail('/orgs/{org}/dependabot/alerts')).toBe('/alerts');
    expect(tail('/{apiVersion}/accounts/{accountId}')).toBe('/accounts/{accountId}');
    expect(tail('/pets/')).toBe('/pets/');
    expect(tail('/pets')).toBe('/pets');
    expect(tail('/{id}')).toBe('/{id}');
    const parts = highlightParts('/orgs/{org}/dependabot/alerts', queryTerms('bot/al'));
    expect(splitParts(parts, pathTailStart('/orgs/{org}/dependabot/alerts'))).toEqual([
      [
        { text: '/orgs/{org}/dependa', match: false },
        { text: 'bot', match: true },
      ],
      [
        { text: '/al', match: true },
        { text: 'erts', match: false },
      ],
    ]);
  });

  it('groups by the first path segment after the prefix every path shares', () => {
    const rows = buildRows(ENDPOINTS.map(navEntry), {
      grouping: 'path',
      terms: [],
      tags: [],
      collapsed: new Set(),
      marks: new Map(),
    });
    expect(rows.filter((r) => r.kind === 'group').map((r) => [r.label, r.count])).toEqual([
      ['/v1/customers', 3],
      ['/v1/invoices', 1],
      ['/v1/charges', 1],
    ]);
  });

  it('patches the rows when only the text changed, and asks for a new tree otherwise', () => {
    const options = {
      grouping: 'tag' as const,
      terms: [],
      tags: [],
      collapsed: new Set<string>(),
      marks: new Map(),
    };
    const entries = ENDPOINTS.map(navEntry);
    const rows = buildRows(entries, options);
    expect(patchRows(entries, entries, rows)).toBe(rows);
    // A summary typed: the same tree, the row of that endpoint with its new entry.
    const typed = entries.map((entry, i) =>
      i === 1 ? navEntry({ ...ENDPOINTS[1]!, summary: 'Typed' }) : entry,
    );
    const patched = patchRows(entries, typed, rows);
    expect(patched).toEqual(buildRows(typed, options));
    expect(patched?.filter((row, i) => row !== rows[i])).toHaveLength(1);
    // A path, a method or tags changed: the tree may differ.
    const moved = entries.map((entry, i) =>
      i === 1 ? navEntry({ ...ENDPOINTS[1]!, path: '/v2/elsewhere' }) : entry,
    );
    expect(patchRows(entries, moved, rows)).toBeUndefined();
    const retagged = entries.map((entry, i) =>
      i === 1 ? navEntry({ ...ENDPOINTS[1]!, tags: ['Other'] }) : entry,
    );
    expect(patchRows(entries, retagged, rows)).toBeUndefined();
    expect(patchRows(entries, entries.slice(1), rows)).toBeUndefined();
  });

  it('lists webhooks in their own section, whatever the grouping (issue 19)', () => {
    const hook = endpoint('w', 'POST', 'newPet', { webhook: true, tags: ['Customers'] });
    for (const grouping of ['tag', 'path'] as const) {
      const rows = buildRows([...ENDPOINTS, hook].map(navEntry), {
        grouping,
        terms: [],
        tags: TAGS,
        collapsed: new Set(),
        marks: new Map(),
      });
      const last = rows.filter((r) => r.kind === 'group').at(-1);
      expect(last).toMatchObject({ key: WEBHOOKS_KEY, count: 1 });
      expect(rows.at(-1)).toMatchObject({ kind: 'endpoint', entry: { id: 'w' } });
      // The webhook is in no other group.
      expect(rows.filter((r) => r.kind === 'endpoint' && r.entry.id === 'w')).toHaveLength(1);
    }
  });

  it('a tag parent cycle does not loop', () => {
    const rows = buildRows([navEntry(ENDPOINTS[0]!)], {
      grouping: 'tag',
      terms: [],
      tags: [
        { name: 'Customers', parent: 'People' },
        { name: 'People', parent: 'Customers' },
      ],
      collapsed: new Set(),
      marks: new Map(),
    });
    expect(rows.map((r) => r.kind)).toEqual(['group', 'group', 'endpoint']);
  });
});

describe('Navigator', () => {
  it('groups by tag in the document order, nests 3.2 tag parents, and counts each group', () => {
    renderNavigator();
    expect(groups()).toEqual([
      { label: 'Billing', level: '1', count: '1' },
      { label: 'Invoices', level: '2', count: '1' },
      { label: 'Customers', level: '1', count: '3' },
      { label: 'No tag', level: '1', count: '1' },
    ]);
    expect(screen.getByTestId('nav-total').textContent).toBe('5 endpoints');
  });

  it('shows a path as its start and its distinguishing end, the whole path in the title', () => {
    renderNavigator();
    const row = screen
      .getAllByTestId('nav-endpoint')
      .find((r) => r.getAttribute('data-endpoint') === 'c')!;
    expect(row.querySelector('.gen-nav-path-head')?.textContent).toBe('/v1');
    expect(within(row).getByTestId('nav-path-tail').textContent).toBe('/customers/{id}');
    expect(row.getAttribute('title')).toContain('/v1/customers/{id}');
  });

  it('switches to path groups, and remembers the choice', async () => {
    const { user, view } = renderNavigator();
    await user.click(screen.getByTestId('nav-group-path'));
    expect(groups().map((g) => [g.label, g.count])).toEqual([
      ['/v1/customers', '3'],
      ['/v1/invoices', '1'],
      ['/v1/charges', '1'],
    ]);
    view.unmount();
    renderNavigator();
    expect(screen.getByTestId('navigator').dataset.grouping).toBe('path');
  });

  it('filters over path, method, summary, operationId and tag, and highlights the matches', async () => {
    const { user } = renderNavigator();
    const filter = screen.getByTestId('nav-filter');
    await user.type(filter, 'invoices');
    expect(screen.getAllByTestId('nav-endpoint').map((r) => r.dataset.endpoint)).toEqual(['d']);
    expect(screen.getByTestId('nav-total').textContent).toBe('1 of 5');
    const marks = [...screen.getByTestId('nav-tree').querySelectorAll('mark')].map(
      (m) => m.textContent,
    );
    expect(marks).toContain('invoices');

    await user.clear(filter);
    await user.type(filter, 'deletecust');
    const [row] = screen.getAllByTestId('nav-endpoint');
    expect(row?.dataset.endpoint).toBe('c');
    // Matched in the operationId: the row shows it, highlighted.
    expect(row?.querySelector('.gen-nav-summary')?.textContent).toBe('DeleteCustomer');
    expect(row?.querySelector('.gen-nav-summary mark')?.textContent).toBe('DeleteCust');

    await user.clear(filter);
    await user.type(filter, 'get customers');
    expect(screen.getAllByTestId('nav-endpoint').map((r) => r.dataset.endpoint)).toEqual(['a']);

    await user.clear(filter);
    await user.type(filter, 'billing');
    // A tag's name matches its endpoints only (not those of its child tags).
    expect(screen.queryAllByTestId('nav-endpoint')).toHaveLength(0);
    expect(screen.getByText('No endpoint matches the filter.')).toBeTruthy();
  });

  it("marks each endpoint's and each group's problems", () => {
    const problems: ProblemList = {
      ...NO_PROBLEMS,
      blocking: [
        {
          kind: 'rule',
          key: 'r1',
          endpointId: 'c',
          method: 'DELETE',
          path: '/v1/customers/{id}',
          code: 'PATH_PARAMETER_MISSING' as never,
          field: 'path',
        },
      ],
      warnings: [
        {
          kind: 'rule',
          key: 'w1',
          endpointId: 'd',
          method: 'GET',
          path: '/v1/charges',
          code: 'OPERATION_ID_INVALID' as never,
          field: 'operationId',
        },
      ],
    };
    renderNavigator({ problems });
    const customers = screen
      .getAllByTestId('nav-group')
      .find((row) => row.textContent?.includes('Customers'))!;
    expect(within(customers).getByTestId('nav-marks').getAttribute('aria-label')).toBe('1 error');
    const billing = screen.getAllByTestId('nav-group')[0]!;
    expect(within(billing).getByTestId('nav-marks').getAttribute('aria-label')).toBe('1 warning');
    const charges = screen
      .getAllByTestId('nav-endpoint')
      .find((row) => row.dataset.endpoint === 'e')!;
    expect(within(charges).queryByTestId('nav-marks')).toBeNull();
  });

  it("marks the lint's findings at an operation on its endpoint, once per problem", () => {
    const finding = (
      path: (string | number)[],
      severity: LintFinding['severity'],
      code = 'oas3-valid-media-example',
    ): LintFinding => ({
      code,
      path,
      severity,
      message: 'm',
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
      source: 'spectral:oas',
    });
    const lint: LintAnswer = {
      revision: 1,
      findings: [
        finding(['paths', '/v1/charges', 'get', 'responses', '200'], 'error'),
        finding(['paths', '/v1/invoices', 'get'], 'warning', 'operation-description'),
        finding(['paths', '/v1/invoices', 'get'], 'info', 'some-info'),
        finding(['paths', '/v1/invoices', 'get'], 'warning', 'OPERATION_ID_INVALID'),
        finding(['paths', '/v1/unknown', 'get'], 'error'),
        finding(['info'], 'error', 'info-contact'),
      ],
      counts: { error: 3, warning: 2, info: 1, hint: 0 },
      canGenerate: true,
      mode: 'full',
      ms: 1,
    };
    const problems: ProblemList = {
      ...NO_PROBLEMS,
      // The form's row of a rule the lint checks is the same problem as the lint's finding.
      warnings: [
        {
          kind: 'rule',
          key: 'w1',
          endpointId: 'd',
          method: 'GET',
          path: '/v1/invoices',
          code: 'OPERATION_ID_INVALID' as never,
          field: 'operationId',
        },
      ],
    };
    const marks = marksByEndpoint(problems, lint, ENDPOINTS.map(navEntry));
    expect(Object.fromEntries(marks)).toEqual({
      e: { errors: 1, warnings: 0 },
      d: { errors: 0, warnings: 2 },
    });
    // Without the lint's answer, the form's rows are all there is.
    expect(Object.fromEntries(marksByEndpoint(problems))).toEqual({
      d: { errors: 0, warnings: 1 },
    });
  });

  it('"/" and Ctrl+K focus the filter; arrows move; Enter opens; Shift+Enter shows the YAML', async () => {
    const { user, onOpen, showInYaml } = renderNavigator();
    const filter = screen.getByTestId('nav-filter');
    act(() => document.body.focus());
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(filter);
    act(() => filter.blur());
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(filter);

    await user.type(filter, 'list');
    await user.keyboard('{ArrowDown}');
    const tree = screen.getByTestId('nav-tree');
    expect(document.activeElement).toBe(tree);
    const active = () =>
      document.getElementById(tree.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toContain('List invoices');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toContain('List customers');
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith('a');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(showInYaml).toHaveBeenCalledWith('/v1/customers', 'GET', {
      webhook: false,
      additional: false,
    });
  });

  it('Enter in the filter opens the first match; Left and Right fold a group', async () => {
    const { user, onOpen } = renderNavigator();
    const filter = screen.getByTestId('nav-filter');
    await user.type(filter, 'charges{Enter}');
    expect(onOpen).toHaveBeenCalledWith('e');
    await user.clear(filter);
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(rowTexts()[0]).toContain('Billing');
    expect(rowTexts()[1]).toContain('Customers');
    await user.keyboard('{ArrowRight}');
    expect(rowTexts()[1]).toContain('Invoices');
  });

  it('follows the form: a path typed in a panel is listed at once', () => {
    const { store } = renderNavigator();
    act(() => store.update('e', (e) => ({ ...e, path: '/v1/refunds' })));
    expect(screen.getByTitle(/\/v1\/refunds/)).toBeTruthy();
  });

  describe('operations kept as written (OpenAPI 3.2 additionalOperations, issue 19.2)', () => {
    const COPY: KeptOperation = {
      path: '/v1/customers',
      method: 'COPY',
      pointer: '/paths/~1v1~1customers/additionalOperations/COPY',
      summary: 'Copy a customer',
      operationId: '',
      tags: ['Customers'],
      additional: true,
    };
    const TRACE: KeptOperation = {
      path: '/v1/debug',
      method: 'TRACE',
      pointer: '/paths/~1v1~1debug/trace',
      summary: '',
      operationId: 'traceIt',
      tags: [],
    };

    it('places each after its path’s endpoints, or at the end', () => {
      const entries = withKept(ENDPOINTS.map(navEntry), [COPY, TRACE]);
      expect(entries.map((e) => `${e.method} ${e.path}`)).toEqual([
        'GET /v1/customers',
        'POST /v1/customers',
        'COPY /v1/customers',
        'DELETE /v1/customers/{id}',
        'GET /v1/invoices',
        'GET /v1/charges',
        'TRACE /v1/debug',
      ]);
      expect(entries[2]).toMatchObject({ readOnly: true, additional: true });
      expect(entries[6]).toMatchObject({ readOnly: true, additional: false });
    });

    it('lists them with their method, marked, and opens their lines in the YAML', async () => {
      const { user, onOpen, showInYaml } = renderNavigator({ kept: [COPY, TRACE] });
      const kept = screen
        .getAllByTestId('nav-endpoint')
        .filter((row) => row.getAttribute('data-kept') === 'true');
      expect(kept.map((row) => row.querySelector('.gen-nav-method')?.textContent)).toEqual([
        'COPY',
        'TRACE',
      ]);
      expect(kept[0]!.textContent).toContain('Copy a customer');
      expect(within(kept[0]!).getByTestId('nav-kept-label').textContent).toBe('as written');
      expect(kept[0]!.getAttribute('title')).toMatch(/kept as written/);
      // Counted in its tag's group.
      expect(groups().find((g) => g.label === 'Customers')?.count).toBe('4');
      await user.click(kept[0]!);
      expect(showInYaml).toHaveBeenCalledWith('/v1/customers', 'COPY', {
        webhook: false,
        additional: true,
      });
      expect(onOpen).not.toHaveBeenCalled();
      // The filter finds them by method too.
      await user.type(screen.getByTestId('nav-filter'), 'copy');
      expect(rowTexts().some((text) => text.includes('COPY'))).toBe(true);
    });
  });
});

describe('sameMarksOr', () => {
  const marks = (entries: [string, number, number][]) =>
    new Map(entries.map(([id, errors, warnings]) => [id, { errors, warnings }]));

  it('keeps the previous marks when the new ones mark the same endpoints with the same counts', () => {
    const previous = marks([
      ['a', 1, 0],
      ['b', 0, 2],
    ]);
    expect(
      sameMarksOr(
        previous,
        marks([
          ['b', 0, 2],
          ['a', 1, 0],
        ]),
      ),
    ).toBe(previous);
  });

  it('takes the new marks when a count, an endpoint or the size differs', () => {
    const previous = marks([['a', 1, 0]]);
    for (const next of [
      marks([['a', 2, 0]]),
      marks([['b', 1, 0]]),
      marks([]),
      marks([
        ['a', 1, 0],
        ['b', 0, 1],
      ]),
    ]) {
      expect(sameMarksOr(previous, next)).toBe(next);
    }
    const first = marks([]);
    expect(sameMarksOr(undefined, first)).toBe(first);
  });
});
