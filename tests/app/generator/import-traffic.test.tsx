/** The "Import traffic" dialog (issue 14): cURL and HAR in, a preview to pick from, endpoints added. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { generatorClient } from '../../../src/app/core/generator-client';
import { EndpointStore } from '../../../src/app/model/endpoint-store';
import { createEndpoint } from '../../../src/app/model/endpoint-ops';
import { DocumentStore } from '../../../src/app/model/document-store';
import { ImportTrafficButton } from '../../../src/app/generator/ImportTrafficDialog';
import { MAX_CURL_CHARS, validateEndpoints } from '../../../src/shared/openapi';
import { renderWithProviders } from './helpers';

const har = readFileSync(resolve(__dirname, '../../fixtures/traffic/chrome-app.har'), 'utf8');
const CURL =
  "curl 'https://api.example.com/v2/users/12' -H 'authorization: Bearer s3cret'\n" +
  'curl \'https://api.example.com/v2/users/12/notes\' --data-raw \'{"text":"hi"}\'';

function setup() {
  const store = new EndpointStore();
  renderWithProviders(<ImportTrafficButton store={store} />);
  return store;
}

describe('Import traffic', () => {
  // The main-thread fallback loads the core on first use; load it before the clocks start.
  beforeAll(async () => {
    await generatorClient().importCurl('curl https://x.test/a');
  }, 30_000);

  it('reads cURL commands, previews the endpoints and adds the picked ones', async () => {
    const user = userEvent.setup();
    const store = setup();
    await user.click(screen.getByRole('button', { name: 'Import traffic' }));
    const dialog = screen.getByRole('dialog', { name: 'Import traffic' });
    const textarea = screen.getByLabelText('cURL command');
    expect(document.activeElement).toBe(textarea);
    fireEvent.change(textarea, { target: { value: CURL } });
    await user.click(screen.getByRole('button', { name: 'Read cURL' }));
    const picks = await screen.findAllByTestId('traffic-pick');
    expect(picks).toHaveLength(2);
    expect(dialog.textContent).toContain('/v2/users/{userId}/notes');
    expect(dialog.textContent).toContain('1 call');
    expect(screen.getByTestId('traffic-add').textContent).toBe('Add 2 endpoints');
    await user.click(picks[0] as HTMLElement);
    expect(screen.getByTestId('traffic-add').textContent).toBe('Add 1 endpoint');
    await user.click(screen.getByTestId('traffic-add'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.list().map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /v2/users/{userId}/notes',
    ]);
  });

  it('reads with Ctrl+Enter and says what is wrong with a bad command', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Import traffic' }));
    const textarea = screen.getByLabelText('cURL command');
    fireEvent.change(textarea, { target: { value: 'wget https://x.test' } });
    fireEvent.keyDown(textarea, { key: 'Enter', ctrlKey: true });
    expect((await screen.findByTestId('traffic-error')).textContent).toBe(
      'This is not a cURL command that can be read.',
    );
    expect(screen.getByTestId('traffic-add')).toHaveProperty('disabled', true);
  });

  it('opens a HAR file and adds every endpoint it found', async () => {
    const user = userEvent.setup();
    const store = setup();
    await user.click(screen.getByRole('button', { name: 'Import traffic' }));
    const file = new File([har], 'session.har', { type: 'application/json' });
    fireEvent.change(screen.getByTestId('traffic-file'), { target: { files: [file] } });
    const picks = await screen.findAllByTestId('traffic-pick');
    expect(picks).toHaveLength(7);
    expect(screen.getByText(/7 endpoints from session\.har/)).toBeTruthy();
    expect(screen.getByTestId('traffic-redacted').textContent).toMatch(
      /^\d+ secret values \(credentials, tokens, keys\) were replaced with a placeholder\.$/,
    );
    // Unselect all, then select all again with the head checkbox.
    await user.click(screen.getByTestId('traffic-all'));
    expect(screen.getByTestId('traffic-add')).toHaveProperty('disabled', true);
    await user.click(screen.getByTestId('traffic-all'));
    await user.click(screen.getByTestId('traffic-add'));
    expect(store.size).toBe(7);
    expect(JSON.stringify(store.list())).not.toContain('SIGNATUREsecret');
  });

  it('refuses a 50 MB HAR from its size, without reading it', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Import traffic' }));
    const file = new File(['{}'], 'huge.har');
    Object.defineProperty(file, 'size', { value: 50 * 1024 * 1024 });
    let read = false;
    Object.defineProperty(file, 'text', {
      value: () => {
        read = true;
        return Promise.resolve('{}');
      },
    });
    fireEvent.change(screen.getByTestId('traffic-file'), { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByTestId('traffic-error').textContent).toContain('huge.har is 50.0 MB'),
    );
    expect(read).toBe(false);
  });

  it('refuses cURL text over the limit before sending it to the worker (issue 21.8)', async () => {
    const user = userEvent.setup();
    setup();
    const spy = vi.spyOn(generatorClient(), 'importCurl');
    try {
      await user.click(screen.getByRole('button', { name: 'Import traffic' }));
      const big = `curl https://x.test/a -d '${'x'.repeat(MAX_CURL_CHARS)}'`;
      fireEvent.change(screen.getByLabelText('cURL command'), { target: { value: big } });
      await user.click(screen.getByRole('button', { name: 'Read cURL' }));
      expect(screen.getByTestId('traffic-error').textContent).toContain(
        'The cURL text is 1.0 MB; up to 1 MB can be imported.',
      );
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('replaces the untouched starting endpoint, reveals the import and blocks nothing (issue 21.9)', async () => {
    const user = userEvent.setup();
    const store = new EndpointStore();
    store.add(createEndpoint(true));
    const onAdded = vi.fn();
    renderWithProviders(<ImportTrafficButton store={store} onAdded={onAdded} />);
    await user.click(screen.getByRole('button', { name: 'Import traffic' }));
    fireEvent.change(screen.getByLabelText('cURL command'), {
      target: { value: "curl 'https://api.example.com/v2/users/12' -H 'accept: application/json'" },
    });
    await user.click(screen.getByRole('button', { name: 'Read cURL' }));
    await screen.findAllByTestId('traffic-pick');
    await user.click(screen.getByTestId('traffic-add'));
    const endpoints = store.list();
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /v2/users/{userId}']);
    expect(onAdded).toHaveBeenCalledWith([endpoints[0]?.id]);
    expect(store.isCollapsed(endpoints[0]?.id ?? '')).toBe(false);
    const report = validateEndpoints(endpoints);
    expect(report.issues[endpoints[0]?.id ?? '']).toEqual([]);
    expect(report.canGenerate).toBe(true);
  });

  it('keeps an edited endpoint and gives clashing body names new ones', async () => {
    const user = userEvent.setup();
    const store = new EndpointStore();
    const mine = { ...createEndpoint(true), method: 'GET' as const, path: '/mine' };
    mine.responses = [
      { statusCode: 200, body: { name: 'PostNotesRequest', customerJson: '{"id": 1}' } },
    ];
    store.add(mine);
    renderWithProviders(<ImportTrafficButton store={store} />);
    await user.click(screen.getByRole('button', { name: 'Import traffic' }));
    fireEvent.change(screen.getByLabelText('cURL command'), {
      target: { value: 'curl https://api.example.com/notes --json \'{"text":"hi"}\'' },
    });
    await user.click(screen.getByRole('button', { name: 'Read cURL' }));
    await screen.findAllByTestId('traffic-pick');
    await user.click(screen.getByTestId('traffic-add'));
    const endpoints = store.list();
    expect(endpoints).toHaveLength(2);
    expect(endpoints[1]?.requestBody?.name).toBe('PostNotesRequest_2');
    expect(validateEndpoints(endpoints).canGenerate).toBe(true);
  });

  it('uses a body that does not parse only when chosen, and shows it redacted (issue 21.1)', async () => {
    const user = userEvent.setup();
    const store = setup();
    await user.click(screen.getByRole('button', { name: 'Import traffic' }));
    const command = (path: string) =>
      `curl https://api.example.com/${path} -H 'Content-Type: application/json' -d '{"user": "ann", "password": "hunter2-broken",'`;
    fireEvent.change(screen.getByLabelText('cURL command'), {
      target: { value: `${command('a')}\n${command('b')}` },
    });
    await user.click(screen.getByRole('button', { name: 'Read cURL' }));
    const texts = await screen.findAllByTestId('traffic-unparsed-text');
    expect(texts).toHaveLength(2);
    expect(texts[0]?.textContent).toContain('"password": "<redacted>"');
    expect(screen.getByRole('list', { name: 'Endpoints to add' }).textContent).not.toContain(
      'hunter2-broken',
    );
    const choices = screen.getAllByRole('checkbox', {
      name: /Use the unparsed body as an example/,
    });
    await user.click(choices[1] as HTMLElement);
    await user.click(screen.getByTestId('traffic-add'));
    const [a, b] = store.list();
    expect(a?.requestBody).toBeUndefined();
    expect(b?.requestBody?.customerJson).toContain('"user": "ann"');
    expect(b?.requestBody?.name).toBe('PostBRequest');
    expect(JSON.stringify(store.list())).not.toContain('hunter2-broken');
  });

  it('adds Authorization as a security scheme, not a parameter, and says so (issue 18)', async () => {
    const user = userEvent.setup();
    const store = new EndpointStore();
    const documentStore = new DocumentStore();
    // The document's own bearerAuth is something else: the import's gets a name of its own.
    documentStore.updateMeta((meta) => ({
      ...meta,
      securitySchemes: { bearerAuth: { type: 'apiKey', in: 'query', name: 'key' } },
    }));
    renderWithProviders(<ImportTrafficButton store={store} documentStore={documentStore} />);
    await user.click(screen.getByRole('button', { name: 'Import traffic' }));
    fireEvent.change(screen.getByLabelText('cURL command'), { target: { value: CURL } });
    await user.click(screen.getByRole('button', { name: 'Read cURL' }));
    await screen.findAllByTestId('traffic-pick');
    expect(screen.getByTestId('traffic-security').textContent).toContain('bearerAuth');
    await user.click(screen.getByTestId('traffic-add'));
    const [get, post] = store.list();
    expect(get?.parameters.map((p) => p.name.toLowerCase())).not.toContain('authorization');
    expect(get?.security).toEqual([{ bearerAuth2: [] }]);
    expect(post?.security).toBeUndefined();
    expect(documentStore.getMeta().securitySchemes).toEqual({
      bearerAuth: { type: 'apiKey', in: 'query', name: 'key' },
      bearerAuth2: { type: 'http', scheme: 'bearer' },
    });
    expect(JSON.stringify(store.list())).not.toContain('s3cret');
  });

  it('replaces personal data and says how much (issue 31.4)', async () => {
    const user = userEvent.setup();
    const store = setup();
    await user.click(screen.getByRole('button', { name: 'Import traffic' }));
    fireEvent.change(screen.getByLabelText('cURL command'), {
      target: {
        value: `curl https://api.example.com/orders --json '{"email":"ann@corp.io","card":"4111 1111 1111 1111","cc":"bob@corp.io"}'`,
      },
    });
    await user.click(screen.getByRole('button', { name: 'Read cURL' }));
    await screen.findAllByTestId('traffic-pick');
    expect(screen.getByTestId('traffic-personal').textContent).toBe(
      '2 e-mail addresses were replaced with user@example.com, user2@example.com… 1 card number was replaced with a test card number.',
    );
    await user.click(screen.getByTestId('traffic-add'));
    const json = store.list()[0]?.requestBody?.customerJson ?? '';
    expect(JSON.parse(json)).toEqual({
      email: 'user@example.com',
      card: '4242 4242 4242 4242',
      cc: 'user2@example.com',
    });
  });
});
