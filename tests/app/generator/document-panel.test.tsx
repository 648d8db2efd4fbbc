/** The document panel, operation details and their link to generation (issue 11). */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import type { CustomerProfile } from '../../../src/shared/api-types';
import GeneratorPage from '../../../src/app/generator/GeneratorPage';
import { DocumentPanel } from '../../../src/app/generator/document/DocumentPanel';
import { DocumentStore } from '../../../src/app/model/document-store';
import { EndpointStore } from '../../../src/app/model/endpoint-store';
import { createEndpoint } from '../../../src/app/model/endpoint-ops';
import { loadMarkdownRenderer } from '../../../src/app/generator/document/MarkdownField';
import { revealed } from './fake-output-editor';
import { renderWithProviders, restored } from './helpers';

/** Parsed YAML, read loosely in assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

vi.mock('../../../src/app/generator/OutputEditor', () => import('./fake-output-editor'));
// Spectral on happy-dom's main thread takes seconds a lint: the lint's own tests cover it.
vi.mock('../../../src/app/core/lint-client', () => import('./fake-lint-client'));
// Monaco does not run in happy-dom: nothing to load before the stand-in editor.
vi.mock('../../../src/app/editor/monaco-load', () => ({
  loadMonacoInSteps: () => Promise.resolve(),
}));
vi.mock('../../../src/app/generator/document/DocsPreview', () => ({
  default: ({ text }: { text: string }) => <div data-testid="fake-preview">{text.length}</div>,
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

// Typing whole forms with user-event takes seconds on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => localStorage.clear());

function renderPanel(store = new DocumentStore()) {
  const user = userEvent.setup();
  renderWithProviders(<DocumentPanel store={store} endpoints={new EndpointStore()} />);
  return { user, store };
}

describe('document panel', () => {
  it('edits info by label and keeps keys the form does not show', async () => {
    const store = new DocumentStore({
      openapi: '3.0.3',
      info: { title: 'Old', version: '1', 'x-logo': { url: 'l.png' }, contact: { 'x-team': 'a' } },
    });
    const { user } = renderPanel(store);
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Pets API');
    await user.type(screen.getByLabelText('Contact e-mail'), 'api@pets.test');
    await user.type(screen.getByLabelText('License name'), 'MIT');
    const meta = store.getMeta();
    expect(meta.openapi).toBe('3.0.3');
    expect(meta.info).toEqual({
      title: 'Pets API',
      version: '1',
      'x-logo': { url: 'l.png' },
      contact: { 'x-team': 'a', email: 'api@pets.test' },
      license: { name: 'MIT' },
    });
  });

  it('says what is wrong: title and version required, URL and e-mail formats', async () => {
    const { user } = renderPanel();
    await user.clear(screen.getByLabelText('Title'));
    await user.clear(screen.getByLabelText('Version'));
    await user.type(screen.getByLabelText('Contact URL'), 'not a url');
    await user.type(screen.getByLabelText('Contact e-mail'), 'nobody');
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Version is required')).toBeTruthy();
    expect(screen.getByText('Enter a full URL, e.g. https://example.com')).toBeTruthy();
    expect(screen.getByText('Enter an e-mail address, e.g. api@example.com')).toBeTruthy();
    expect(screen.getByTestId('document-problems').textContent).toBe('4 problems');
  });

  it('adds, reorders and removes servers with variables; a blank server is not written', async () => {
    const { user, store } = renderPanel();
    // A new document shows one blank server row, not written.
    expect(store.getMeta().servers).toBeUndefined();
    await user.type(screen.getByLabelText('Server URL'), 'https://{{env}.example.com');
    expect(store.getMeta().servers).toEqual([{ url: 'https://{env}.example.com' }]);
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    const variable = screen.getByTestId('server-variable');
    const name = within(variable).getByLabelText('Variable name');
    await user.clear(name);
    await user.type(name, 'env');
    await user.type(within(variable).getByLabelText('Default'), 'api');
    await user.type(within(variable).getByLabelText('Enum (comma-separated)'), 'api, sandbox');
    expect(store.getMeta().servers?.[0]?.variables).toEqual({
      env: { default: 'api', enum: ['api', 'sandbox'] },
    });
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    const urls = screen.getAllByLabelText('Server URL');
    expect(urls).toHaveLength(2);
    expect(document.activeElement).toBe(urls[1]);
    await user.type(urls[1]!, '/v2');
    // "Add server" while the last row is blank only focuses it.
    await user.click(screen.getByRole('button', { name: 'Move server /v2 up' }));
    expect(store.getMeta().servers?.map((s) => s.url)).toEqual([
      '/v2',
      'https://{env}.example.com',
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove server /v2' }));
    expect(store.getMeta().servers?.map((s) => s.url)).toEqual(['https://{env}.example.com']);
  });

  it('edits security schemes of every kind and the document-wide requirement', async () => {
    const { user, store } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Add security scheme' }));
    expect(store.getMeta().securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    await user.type(screen.getByLabelText('Bearer format'), 'JWT');
    await user.click(screen.getByRole('checkbox', { name: 'bearerAuth' }));
    expect(store.getMeta().security).toEqual([{ bearerAuth: [] }]);
    // Rename follows into the requirement.
    const name = screen.getByLabelText('Scheme name');
    await user.clear(name);
    await user.type(name, 'jwt');
    expect(Object.keys(store.getMeta().securitySchemes ?? {})).toEqual(['jwt']);
    expect(store.getMeta().security).toEqual([{ jwt: [] }]);
    await user.selectOptions(screen.getByLabelText('Kind'), 'API key');
    await user.selectOptions(screen.getByLabelText('In'), 'query');
    const keyName = screen.getByLabelText('Name');
    await user.clear(keyName);
    await user.type(keyName, 'api_key');
    expect(store.getMeta().securitySchemes?.jwt).toEqual({
      type: 'apiKey',
      in: 'query',
      name: 'api_key',
    });
    await user.selectOptions(screen.getByLabelText('Kind'), 'OAuth2');
    await user.click(screen.getByRole('checkbox', { name: 'Authorization code' }));
    await user.click(
      within(screen.getByTestId('oauth-flow-authorizationCode')).getByRole('button', {
        name: 'Add scope',
      }),
    );
    const scope = screen.getByTestId('oauth-scope');
    await user.type(within(scope).getByLabelText('Scope description'), 'Read pets');
    const flows = store.getMeta().securitySchemes?.jwt?.flows;
    expect(flows?.authorizationCode?.scopes).toEqual({ read: 'Read pets' });
    expect(flows?.authorizationCode?.tokenUrl).toMatch(/^https:/);
    await user.selectOptions(screen.getByLabelText('Kind'), 'OpenID Connect');
    expect(store.getMeta().securitySchemes?.jwt?.type).toBe('openIdConnect');
    expect(screen.getByLabelText('OpenID Connect URL')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove security scheme jwt' }));
    expect(store.getMeta().securitySchemes).toEqual({});
    expect(store.getMeta().security).toBeUndefined();
  });

  it('adds, names, reorders and removes tags', async () => {
    const { user, store } = renderPanel();
    await user.type(screen.getByLabelText('Tag name'), 'pets');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    const names = screen.getAllByLabelText('Tag name');
    await user.type(names[1]!, 'stores');
    await user.type(screen.getAllByLabelText('Tag description')[1]!, 'Where pets live');
    await user.click(screen.getByRole('button', { name: 'Move tag stores up' }));
    expect(store.getMeta().tags).toEqual([
      { name: 'stores', description: 'Where pets live' },
      { name: 'pets' },
    ]);
  });

  it('shows every tag of a document that brings many at once (the rows past the first come in a deferred render)', async () => {
    const { store } = renderPanel();
    const tags = Array.from({ length: 30 }, (_, i) => ({ name: `tag${i}` }));
    act(() => store.setAll({ ...store.getMeta(), tags }, {}));
    await waitFor(() => expect(screen.getAllByLabelText('Tag name')).toHaveLength(30));
    expect(screen.getAllByLabelText('Tag name')[29]).toHaveProperty('value', 'tag29');
  });

  it('previews the description as sanitised Markdown', async () => {
    const { user, store } = renderPanel();
    await user.type(
      screen.getByLabelText('Description'),
      '# Hello{enter}<img src=x onerror=alert(1)><script>bad()</script>**bold**',
    );
    expect(store.getMeta().info.description).toContain('**bold**');
    await loadMarkdownRenderer();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Description: preview' });
    // happy-dom's parser garbles what DOMPurify hands it, so sanitising is checked in Chromium
    // (tests/e2e/document.test.ts); here only the toggle and the rendering.
    await waitFor(() => expect(preview.textContent).toContain('Hello'));
    expect(preview.querySelector('strong')?.textContent).toBe('bold');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Description')).toBeTruthy();
  });
});

describe('shared schemas', () => {
  it('lists schemas with their uses, renames every $ref, and asks before deleting a used one', async () => {
    const user = userEvent.setup();
    const endpoint = {
      ...createEndpoint(true),
      path: '/pets',
      responses: [
        {
          statusCode: 200,
          body: { name: 'Pet', customerJson: '', schema: { $ref: '#/components/schemas/Pet' } },
        },
      ],
    };
    const endpoints = new EndpointStore([endpoint]);
    const store = new DocumentStore(undefined, {
      Pet: { type: 'object', properties: { owner: { $ref: '#/components/schemas/Owner' } } },
      Owner: { type: 'object' },
      Lonely: { type: 'string' },
    });
    renderWithProviders(<DocumentPanel store={store} endpoints={endpoints} />);
    await user.click(screen.getByRole('button', { name: 'Schemas' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('schema-uses').map((x) => x.textContent)).toEqual([
        '1 use',
        '1 use',
        'unused',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Owner' }));
    const name = screen.getByLabelText('Schema name');
    await user.clear(name);
    await user.type(name, 'Person{enter}');
    expect(Object.keys(store.getSchemas())).toEqual(['Pet', 'Person', 'Lonely']);
    expect(store.getSchemas().Pet?.properties?.owner).toEqual({
      $ref: '#/components/schemas/Person',
    });

    // Unused: deleted at once. Used: asks and names the users.
    await user.click(screen.getByRole('button', { name: 'Delete schema Lonely' }));
    expect(Object.keys(store.getSchemas())).toEqual(['Pet', 'Person']);
    await user.click(screen.getByRole('button', { name: 'Delete schema Pet' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('schema-users').textContent).toContain('POST /pets');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(Object.keys(store.getSchemas())).toEqual(['Person']);
    expect(endpoints.getEndpoint(endpoint.id)?.responses[0]?.body.schema).toEqual({
      type: 'object',
      properties: { owner: { $ref: '#/components/schemas/Person' } },
    });
  });

  it('says a rename in the document is under way, and leaving the field does not start it again', async () => {
    const user = userEvent.setup();
    const store = new DocumentStore(undefined, { Pet: { type: 'object' } });
    let finish: () => void = () => undefined;
    const calls: string[] = [];
    const onRenameSchema = (from: string, to: string) => {
      calls.push(`${from}->${to}`);
      return new Promise<void>((resolve) => {
        finish = () => {
          store.setSchemas(() => ({ [to]: { type: 'object' } }));
          resolve();
        };
      });
    };
    renderWithProviders(
      <DocumentPanel
        store={store}
        endpoints={new EndpointStore()}
        onRenameSchema={onRenameSchema}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Schemas' }));
    await user.click(await screen.findByRole('button', { name: 'Pet' }));
    const name = screen.getByLabelText('Schema name');
    await user.clear(name);
    await user.type(name, 'Animal{enter}');
    expect(await screen.findByText('Renaming…')).toBeTruthy();
    expect((name as HTMLInputElement).readOnly).toBe(true);
    // Leaving the field while the document is being renamed.
    await user.click(screen.getByRole('button', { name: 'Schemas' }));
    await user.tab();
    expect(calls).toEqual(['Pet->Animal']);
    act(() => finish());
    await waitFor(() => expect(screen.queryByText('Renaming…')).toBeNull());
    expect(calls).toEqual(['Pet->Animal']);
  });

  it('edits a schema as YAML and shows why a fragment is not one', async () => {
    const user = userEvent.setup();
    const store = new DocumentStore(undefined, { Pet: { type: 'object' } });
    renderWithProviders(<DocumentPanel store={store} endpoints={new EndpointStore()} />);
    await user.click(screen.getByRole('button', { name: 'Schemas' }));
    await user.click(screen.getByRole('button', { name: 'Pet' }));
    await user.click(
      within(screen.getByTestId('schema-editor')).getByRole('tab', { name: 'YAML' }),
    );
    const box = screen.getByLabelText('Schema as YAML') as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('type: object\n'));
    fireEvent.change(box, { target: { value: '- a list' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/mapping/));
    fireEvent.change(box, { target: { value: 'type: string\nenum: [a, b]\n' } });
    await waitFor(() =>
      expect(store.getSchemas().Pet).toEqual({ type: 'string', enum: ['a', 'b'] }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('generator page with the document panel', () => {
  it('writes the document panel into the generated YAML and operation details too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GeneratorPage />);
    await restored();
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Shop');
    await user.clear(screen.getByLabelText('Version'));
    await user.type(screen.getByLabelText('Version'), '2.0');
    await user.type(screen.getByLabelText('Server URL'), 'https://shop.test');
    await user.type(screen.getByLabelText('Tag name'), 'orders');
    const panel = screen.getByTestId('endpoint-panel');
    await user.type(within(panel).getByLabelText('Path'), '/orders');
    await user.type(within(panel).getByLabelText('Operation ID'), 'createOrder');
    await user.click(within(panel).getByLabelText('Deprecated'));
    await user.type(within(panel).getByLabelText('Tags'), 'orders{enter}');
    expect(within(panel).getByTestId('deprecated-mark')).toBeTruthy();
    expect(within(panel).getByTestId('panel-tags').textContent).toContain('orders');
    await user.click(within(panel).getByRole('radio', { name: 'None' }));
    const generate = screen.getByRole('button', { name: 'Generate OpenAPI' });
    await waitFor(() => expect((generate as HTMLButtonElement).disabled).toBe(false));
    await user.click(generate);
    const output = screen.getByTestId('fake-output') as HTMLTextAreaElement;
    await waitFor(() => expect(output.value).toContain('Shop'));
    const doc = parse(output.value) as Json;
    expect(doc.info).toEqual({ title: 'Shop', version: '2.0' });
    expect(doc.servers).toEqual([{ url: 'https://shop.test' }]);
    expect(doc.tags).toEqual([{ name: 'orders' }]);
    expect(doc.paths['/orders'].post).toMatchObject({
      operationId: 'createOrder',
      deprecated: true,
      tags: ['orders'],
    });

    // Show in YAML reveals the operation's lines.
    await user.click(within(panel).getByRole('button', { name: 'Show in YAML' }));
    await waitFor(() => expect(revealed.start).toBeGreaterThan(1));
    const lines = output.value.split('\n');
    expect(lines[revealed.start! - 1]?.trim()).toBe('post:');
  });

  it('flags a repeated operation ID on both endpoints', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GeneratorPage />);
    await restored();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const [a, b] = screen.getAllByTestId('endpoint-panel');
    await user.type(within(a!).getByLabelText('Operation ID'), 'same');
    await user.type(within(b!).getByLabelText('Operation ID'), 'same');
    await waitFor(() =>
      expect(screen.getAllByText('Another endpoint has this operation ID')).toHaveLength(2),
    );
    await user.type(within(b!).getByLabelText('Operation ID'), '2');
    await waitFor(() =>
      expect(screen.queryAllByText('Another endpoint has this operation ID')).toHaveLength(0),
    );
  });

  it('Load shows the document’s title, servers, security and tags, and they survive an edit', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GeneratorPage />);
    await restored();
    const output = screen.getByTestId('fake-output');
    const doc = [
      'openapi: 3.0.3',
      'info: {title: Zoo, version: "7", x-audience: public}',
      'servers: [{url: "https://zoo.test/v7", description: Live}]',
      'security: [{zooKey: []}]',
      'tags: [{name: animals, description: All of them}]',
      'paths:',
      '  /animals:',
      '    get:',
      '      tags: [animals]',
      "      responses: {'200': {description: ok}}",
      'components:',
      '  securitySchemes:',
      '    zooKey: {type: apiKey, in: header, name: X-Zoo}',
    ].join('\n');
    fireEvent.change(output, { target: { value: doc } });
    const load = screen.getByRole('button', { name: 'Load YAML' });
    await waitFor(() => expect((load as HTMLButtonElement).disabled).toBe(false));
    await user.click(load);
    const dialog = await screen.findByTestId('confirm-dialog').catch(() => undefined);
    if (dialog) await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Zoo'),
    );
    expect((screen.getByLabelText('Version') as HTMLInputElement).value).toBe('7');
    expect((screen.getByLabelText('Server URL') as HTMLInputElement).value).toBe(
      'https://zoo.test/v7',
    );
    expect((screen.getByLabelText('Tag name') as HTMLInputElement).value).toBe('animals');
    expect((screen.getByLabelText('Scheme name') as HTMLInputElement).value).toBe('zooKey');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('X-Zoo');
    expect((screen.getByRole('checkbox', { name: 'zooKey' }) as HTMLInputElement).checked).toBe(
      true,
    );

    await user.type(screen.getByLabelText('Title'), ' API');
    await user.click(screen.getByRole('button', { name: 'Generate OpenAPI' }));
    await waitFor(() => expect((output as HTMLTextAreaElement).value).toContain('Zoo API'));
    const out = parse((output as HTMLTextAreaElement).value) as Json;
    expect(out.openapi).toBe('3.0.3');
    expect(out.info).toEqual({ title: 'Zoo API', version: '7', 'x-audience': 'public' });
    expect(out.servers).toEqual([{ url: 'https://zoo.test/v7', description: 'Live' }]);
    expect(out.security).toEqual([{ zooKey: [] }]);
    expect(out.tags).toEqual([{ name: 'animals', description: 'All of them' }]);
    expect(out.components.securitySchemes).toEqual({
      zooKey: { type: 'apiKey', in: 'header', name: 'X-Zoo' },
    });
  });

  it('shows the preview tab with the current text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GeneratorPage />);
    await restored();
    const output = screen.getByTestId('fake-output') as HTMLTextAreaElement;
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByTestId('docs-preview').textContent).toContain('Nothing to preview yet');
    await user.click(screen.getByRole('tab', { name: 'YAML' }));
    act(() => {
      output.value = 'openapi: 3.0.1\n';
    });
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect((await screen.findByTestId('fake-preview')).textContent).toBe('15');
  });

  it('uses a new endpoint store per page and keeps the document panel across a reload', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<GeneratorPage />);
    await restored();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Kept');
    await new Promise((resolve) => setTimeout(resolve, 500));
    first.unmount();
    renderWithProviders(<GeneratorPage />);
    await restored();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Kept');
    expect(createEndpoint).toBeDefined();
  });
});
