/**
 * Issue 20 point 5 (path parameters follow the path) and point 6 (a calm start), on endpoint
 * panels and the Problems panel over one store.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Endpoint, Parameter } from '../../../src/shared/openapi';
import { EndpointStore } from '../../../src/app/model/endpoint-store';
import { createEndpoint, markLoaded } from '../../../src/app/model/endpoint-ops';
import { renderPage } from '../pages/pricing/page-helpers';
import { ProblemsHarness } from './problems-harness';

const pathParam = (name: string, patch: Partial<Parameter> = {}): Parameter => ({
  id: `p-${name}`,
  name,
  location: 'path',
  required: true,
  hideRequired: true,
  description: '',
  example: '',
  ...patch,
});

const endpoint = (patch: Partial<Endpoint> = {}): Endpoint => ({
  id: 'e1',
  method: 'GET',
  path: '/users',
  summary: '',
  parameters: [],
  responses: [{ statusCode: 200, body: { name: '', customerJson: '' } }],
  ...patch,
});

function setUp(endpoints: Endpoint[]) {
  const store = new EndpointStore(endpoints);
  const user = userEvent.setup();
  renderPage(<ProblemsHarness store={store} />);
  const panel = () => within(screen.getAllByTestId('endpoint-panel')[0]!);
  const pathRows = () =>
    within(panel().getByRole('group', { name: 'Path parameters' })).queryAllByTestId('param-row');
  const generate = () => screen.getByRole('button', { name: 'Generate OpenAPI' });
  return { store, user, panel, pathRows, generate };
}

describe('path parameters follow the path (issue 20 point 5)', { timeout: 30_000 }, () => {
  it('typing {id} in a path adds a required path parameter row for id, without a checkbox', async () => {
    const { store, user, panel, pathRows, generate } = setUp([endpoint()]);
    await user.type(panel().getByLabelText('Path'), '/{{id}');
    expect((panel().getByLabelText('Path') as HTMLInputElement).value).toBe('/users/{id}');
    expect(pathRows()).toHaveLength(1);
    const row = within(pathRows()[0]!);
    expect((row.getByLabelText('Name') as HTMLInputElement).value).toBe('id');
    expect(row.queryByLabelText('Required')).toBeNull();
    expect(store.getEndpoint('e1')?.parameters[0]).toMatchObject({
      name: 'id',
      location: 'path',
      required: true,
    });
    expect((generate() as HTMLButtonElement).disabled).toBe(false);
  });

  it('renames the row when one name turns into another, keeping its content', async () => {
    const { user, panel, pathRows } = setUp([
      endpoint({ path: '/users/{id}', parameters: [pathParam('id', { description: 'The user' })] }),
    ]);
    const path = panel().getByLabelText('Path') as HTMLInputElement;
    await user.click(path);
    // Select "id" inside the braces and type over it.
    path.setSelectionRange(8, 10);
    await user.keyboard('uid');
    expect(path.value).toBe('/users/{uid}');
    expect(pathRows()).toHaveLength(1);
    const row = within(pathRows()[0]!);
    expect((row.getByLabelText('Name') as HTMLInputElement).value).toBe('uid');
    expect((row.getByLabelText('Description') as HTMLInputElement).value).toBe('The user');
  });

  it('removes an empty row silently when its name leaves the path', async () => {
    const { user, panel, pathRows } = setUp([
      endpoint({ path: '/users/{id}', parameters: [pathParam('id')] }),
    ]);
    await user.clear(panel().getByLabelText('Path'));
    await user.type(panel().getByLabelText('Path'), '/users');
    expect(pathRows()).toHaveLength(1); // kept while typing
    await user.tab();
    expect(pathRows()).toHaveLength(0);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('asks before removing a row that has content; Cancel keeps it, Remove removes it', async () => {
    const { user, panel, pathRows, generate } = setUp([
      endpoint({ path: '/users/{id}', parameters: [pathParam('id', { example: '42' })] }),
    ]);
    await user.clear(panel().getByLabelText('Path'));
    await user.type(panel().getByLabelText('Path'), '/users');
    await user.tab();
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-parameters').textContent).toBe('id');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(pathRows()).toHaveLength(1);
    // Kept against the path: an error on the row that blocks Generate.
    await waitFor(() =>
      expect(
        within(pathRows()[0]!).getByText('This path parameter is not in the path'),
      ).toBeTruthy(),
    );
    expect(
      panel()
        .getAllByTestId('panel-label')
        .map((l) => l.textContent),
    ).toContain('Parameter not in path');
    expect((generate() as HTMLButtonElement).disabled).toBe(true);

    // The path names it again (the row is reused, not doubled), then leaves it for good.
    await user.type(panel().getByLabelText('Path'), '/{{id}');
    expect(pathRows()).toHaveLength(1);
    await user.tab();
    await user.clear(panel().getByLabelText('Path'));
    await user.type(panel().getByLabelText('Path'), '/users');
    await user.tab();
    await user.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(pathRows()).toHaveLength(0);
    expect((generate() as HTMLButtonElement).disabled).toBe(false);
  });

  it('a loaded endpoint left untouched shows a missing path parameter as a warning; edited, an error', async () => {
    const loaded = endpoint({ path: '/users/{id}' });
    markLoaded([loaded]);
    const { user, panel, generate } = setUp([loaded]);
    expect(panel().queryAllByTestId('panel-label')).toHaveLength(0);
    expect(
      panel()
        .getAllByTestId('panel-warning-label')
        .map((l) => l.textContent),
    ).toEqual(['Path parameter missing']);
    expect(screen.getByTestId('problems-warnings').textContent).toBe('1 warning');
    expect((generate() as HTMLButtonElement).disabled).toBe(false);

    await user.type(panel().getByLabelText('Summary'), 'List');
    expect(
      panel()
        .getAllByTestId('panel-label')
        .map((l) => l.textContent),
    ).toEqual(['Path parameter missing']);
    expect(screen.getByTestId('problems-errors').textContent).toBe('1 blocks generation');
    expect((generate() as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('a calm start (issue 20 point 6)', { timeout: 30_000 }, () => {
  it('shows no red problem for a new endpoint before its field is touched; the tooltip explains', async () => {
    const fresh = createEndpoint(true);
    const store = new EndpointStore([fresh]);
    store.touched.markBlank(store.list());
    const user = userEvent.setup();
    renderPage(<ProblemsHarness store={store} />);
    const panel = within(screen.getByTestId('endpoint-panel'));
    expect(panel.queryAllByTestId('panel-label')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('problems')).toBeNull();
    const generate = screen.getByRole('button', { name: 'Generate OpenAPI' }) as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    expect(generate.title).toBe(
      'Generate is disabled until this is fixed: POST (no path): Path is required.',
    );

    // Touched and left empty: now it is a problem.
    await user.click(panel.getByLabelText('Path'));
    await user.tab();
    expect(panel.getAllByTestId('panel-label').map((l) => l.textContent)).toEqual(['Path invalid']);
    expect(screen.getByTestId('problems-errors').textContent).toBe('1 blocks generation');

    await user.type(panel.getByLabelText('Path'), '/users');
    expect(panel.queryAllByTestId('panel-label')).toHaveLength(0);
    expect(generate.disabled).toBe(false);
    expect(generate.title).toBe('');
  });
});
