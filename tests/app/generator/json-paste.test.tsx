import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratorClient } from '../../../src/app/core/generator-client';
import { JsonPasteDialog } from '../../../src/app/generator/JsonPasteDialog';
import {
  CONVERSION_FAILED_WARNING,
  DEFER_POST_CHARS,
  detectJsonPaste,
  mayBeJsonPaste,
  useJsonPaste,
} from '../../../src/app/generator/json-paste';
import { renderWithProviders } from './helpers';

const client = new GeneratorClient({ createWorker: undefined });

afterEach(() => vi.restoreAllMocks());

describe('JSON paste detection', () => {
  it('pre-checks only text shaped like an object or array', () => {
    expect(mayBeJsonPaste(' {"a":1} ')).toBe(true);
    expect(mayBeJsonPaste('[1,2]')).toBe(true);
    expect(mayBeJsonPaste('a: 1')).toBe(false);
    expect(mayBeJsonPaste('{')).toBe(false);
    expect(mayBeJsonPaste('"x"')).toBe(false);
  });

  it('offers the YAML of a JSON object or array, and nothing for other text', async () => {
    const offer = await detectJsonPaste(client, '{"name": "Ann", "tags": ["a"]}');
    expect(offer?.yaml).toBe('name: Ann\ntags:\n  - a\n');
    expect(await detectJsonPaste(client, '[1, 2]')).toEqual({ json: '[1, 2]', yaml: '- 1\n- 2\n' });
    expect(await detectJsonPaste(client, '{not json}')).toBeUndefined();
    expect(await detectJsonPaste(client, 'plain')).toBeUndefined();
  });

  it('logs the Russian warning and lets the paste through when conversion fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = {
      jsonPasteKind: () => Promise.resolve('json' as const),
      jsonToYaml: () => Promise.reject(new Error('boom')),
      jsonDocumentToYaml: () => Promise.reject(new Error('boom')),
    };
    const { result } = renderHook(() => useJsonPaste(failing));
    const pasteAsIs = vi.fn();
    await act(() => result.current.handlePaste('{"a":1}', pasteAsIs));
    expect(warn).toHaveBeenCalledWith(CONVERSION_FAILED_WARNING);
    expect(CONVERSION_FAILED_WARNING).toBe('Не удалось конвертировать JSON в YAML');
    expect(pasteAsIs).toHaveBeenCalledWith('{"a":1}');
    expect(result.current.offer).toBeUndefined();
  });
});

describe('a large paste and the worker', () => {
  it('is posted to the worker in a task after the paste event, a small one at once', async () => {
    const jsonPasteKind = vi.fn(() => Promise.resolve('none' as const));
    const spy = {
      jsonPasteKind,
      jsonToYaml: () => Promise.resolve(''),
      jsonDocumentToYaml: () => Promise.resolve(''),
    };
    const large = `[${'1,'.repeat(DEFER_POST_CHARS / 2)}1]`;
    const pending = detectJsonPaste(spy, large);
    // Still in the paste event's task: the megabytes are not posted in it.
    expect(jsonPasteKind).not.toHaveBeenCalled();
    expect(await pending).toBeUndefined();
    expect(jsonPasteKind).toHaveBeenCalledWith(large);
    const small = detectJsonPaste(spy, '[1, 2]');
    expect(jsonPasteKind).toHaveBeenCalledTimes(2);
    await small;
  });
});

const OPENAPI_JSON = `{
  "openapi": "3.0.1",
  "info": { "title": "Pets", "version": "1" },
  "paths": {}
}`;

describe('a whole OpenAPI document in JSON (issue 28.3)', () => {
  it('is offered at once, its YAML made after; small JSON and other text are as before', async () => {
    const offer = await detectJsonPaste(client, OPENAPI_JSON);
    expect(offer).toEqual({ json: OPENAPI_JSON, yaml: undefined, document: true });
    const swagger = '{"swagger": "2.0", "info": {}, "paths": {}}';
    expect((await detectJsonPaste(client, swagger))?.document).toBe(true);
    expect((await detectJsonPaste(client, '{"a": 1}'))?.document).toBeUndefined();
    expect(await detectJsonPaste(client, 'openapi: 3.0.1')).toBeUndefined();
  });

  it('a JSON example pasted into a JSON document goes in as it is; a whole document is offered', async () => {
    expect(await detectJsonPaste(client, '{"a": 1}', { intoJson: true })).toBeUndefined();
    expect((await detectJsonPaste(client, OPENAPI_JSON, { intoJson: true }))?.document).toBe(true);
    const pasteAsIs = vi.fn();
    const { result } = renderHook(() => useJsonPaste(client));
    await act(() => result.current.handlePaste('[1, 2]', pasteAsIs, { intoJson: true }));
    expect(pasteAsIs).toHaveBeenCalledWith('[1, 2]');
    expect(result.current.offer).toBeUndefined();
  });

  it("stops a whole document's conversion when the dialog closes: its YAML never comes", async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const slow = {
      jsonPasteKind: () => Promise.resolve('document' as const),
      jsonToYaml: () => Promise.reject(new Error('not for a whole document')),
      jsonDocumentToYaml: (_text: string, options?: { signal?: AbortSignal }) => {
        signals.push(options?.signal);
        return new Promise<string>((resolve, reject) => {
          options?.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
          setTimeout(() => resolve('openapi: 3.0.1\n'), 5_000);
        });
      },
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useJsonPaste(slow));
    let pasting: Promise<void> | undefined;
    act(() => {
      pasting = result.current.handlePaste(OPENAPI_JSON, vi.fn());
    });
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(result.current.offer).toMatchObject({ document: true, yaml: undefined });
    const opened = vi.fn();
    act(() => result.current.openAsJson(opened));
    expect(opened).toHaveBeenCalledWith(OPENAPI_JSON);
    expect(signals[0]?.aborted).toBe(true);
    await act(() => pasting!);
    expect(result.current.offer).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('the YAML of a document that cannot be converted is marked, the warning logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = {
      jsonPasteKind: () => Promise.resolve('document' as const),
      jsonToYaml: () => Promise.reject(new Error('boom')),
      jsonDocumentToYaml: () => Promise.reject(new Error('boom')),
    };
    const { result } = renderHook(() => useJsonPaste(failing));
    const pasteAsIs = vi.fn();
    await act(() => result.current.handlePaste(OPENAPI_JSON, pasteAsIs));
    expect(warn).toHaveBeenCalledWith(CONVERSION_FAILED_WARNING);
    expect(pasteAsIs).not.toHaveBeenCalled();
    expect(result.current.offer).toMatchObject({ document: true, conversionFailed: true });
    const opened = vi.fn();
    act(() => result.current.openAsJson(opened));
    expect(opened).toHaveBeenCalledWith(OPENAPI_JSON);
    expect(result.current.offer).toBeUndefined();
  });
});

/** The dialog wired like the page wires it, with a plain text "editor". */
function Wired({ pasted = '{"a": 1}' }: { pasted?: string }) {
  const paste = useJsonPaste(client);
  const [text, setText] = useState('before ');
  return (
    <>
      <output data-testid="editor">{text}</output>
      <button
        type="button"
        onClick={() => void paste.handlePaste(pasted, (t) => setText((x) => x + t))}
      >
        paste json
      </button>
      <button
        type="button"
        onClick={() => void paste.handlePaste('a: 1', (t) => setText((x) => x + t))}
      >
        paste text
      </button>
      {paste.offer ? (
        <JsonPasteDialog
          json={paste.offer.json}
          yaml={paste.offer.yaml}
          onCancel={paste.cancel}
          onConvert={() => paste.convert((yaml) => setText((x) => x + yaml))}
          onOpenAsJson={
            paste.offer.document === true
              ? () => paste.openAsJson((json) => setText(json))
              : undefined
          }
          conversionFailed={paste.offer.conversionFailed === true}
        />
      ) : null}
    </>
  );
}

describe('JSON-paste dialog', () => {
  it('shows JSON and YAML side by side, read-only, and Convert inserts the YAML', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Wired />);
    document.body.style.overflow = 'auto';
    await user.click(screen.getByRole('button', { name: 'paste json' }));
    const dialog = await screen.findByRole('dialog', { name: 'JSON detected' });
    expect(dialog.textContent).toMatch(/Convert it to YAML/);
    const json = screen.getByTestId('paste-json') as HTMLTextAreaElement;
    const yaml = screen.getByTestId('paste-yaml') as HTMLTextAreaElement;
    expect([json.readOnly, yaml.readOnly]).toEqual([true, true]);
    expect(json.value).toBe('{"a": 1}');
    expect(yaml.value).toBe('a: 1\n');
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('editor').textContent).toBe('before a: 1\n');
    expect(document.body.style.overflow).toBe('auto');
  });

  it.each([
    [
      'Cancel',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Cancel' })),
    ],
    [
      '×',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Close' })),
    ],
    [
      'Escape',
      async () => {
        fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
      },
    ],
  ])('%s closes the dialog and leaves the editor unchanged', async (_name, close) => {
    document.body.style.overflow = '';
    const user = userEvent.setup();
    renderWithProviders(<Wired />);
    await user.click(screen.getByRole('button', { name: 'paste json' }));
    await screen.findByRole('dialog');
    await close(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('editor').textContent).toBe('before ');
    expect(document.body.style.overflow).toBe('');
    // Both texts are cleared: the next paste shows only its own text.
    await user.click(screen.getByRole('button', { name: 'paste text' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('editor').textContent).toBe('before a: 1');
  });
});

describe('JSON-paste dialog for a whole OpenAPI document (issue 28.3)', () => {
  it('offers Open as JSON, focused, beside Convert to YAML; Open as JSON puts the JSON in', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Wired pasted={OPENAPI_JSON} />);
    await user.click(screen.getByRole('button', { name: 'paste json' }));
    const dialog = await screen.findByRole('dialog', { name: 'OpenAPI document in JSON' });
    expect(dialog.textContent).toMatch(/Open it as JSON/);
    const open = screen.getByRole('button', { name: 'Open as JSON' });
    expect(document.activeElement).toBe(open);
    const convert = screen.getByRole('button', { name: 'Convert to YAML' });
    // The YAML pane fills in once the worker has made it; Convert to YAML waits for it.
    await waitFor(() =>
      expect((screen.getByTestId('paste-yaml') as HTMLTextAreaElement).value).toMatch(
        /^openapi: 3\.0\.1\n/,
      ),
    );
    expect((convert as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('paste-json') as HTMLTextAreaElement).value).toBe(OPENAPI_JSON);
    await user.click(open);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('editor').textContent).toBe(OPENAPI_JSON);
  });

  it('Convert to YAML inserts the YAML as the spec dialog does', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Wired pasted={OPENAPI_JSON} />);
    await user.click(screen.getByRole('button', { name: 'paste json' }));
    const convert = await screen.findByRole('button', { name: 'Convert to YAML' });
    await waitFor(() => expect((convert as HTMLButtonElement).disabled).toBe(false));
    await user.click(convert);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('editor').textContent).toMatch(/^before openapi: 3\.0\.1\ninfo:/);
  });

  it('Escape closes it and leaves the editor unchanged', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Wired pasted={OPENAPI_JSON} />);
    await user.click(screen.getByRole('button', { name: 'paste json' }));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('editor').textContent).toBe('before ');
  });

  it('while the YAML is made, Convert to YAML is disabled and the pane says why', () => {
    renderWithProviders(
      <JsonPasteDialog
        json={OPENAPI_JSON}
        yaml={undefined}
        onConvert={() => undefined}
        onCancel={() => undefined}
        onOpenAsJson={() => undefined}
      />,
    );
    expect(
      (screen.getByRole('button', { name: 'Convert to YAML' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByTestId('paste-yaml').getAttribute('placeholder')).toBe(
      'Converting to YAML…',
    );
  });

  it('a document whose YAML cannot be made can still be opened as JSON', () => {
    renderWithProviders(
      <JsonPasteDialog
        json={OPENAPI_JSON}
        yaml={undefined}
        conversionFailed
        onConvert={() => undefined}
        onCancel={() => undefined}
        onOpenAsJson={() => undefined}
      />,
    );
    expect(
      (screen.getByRole('button', { name: 'Convert to YAML' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Open as JSON' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(screen.getByTestId('paste-yaml').getAttribute('placeholder')).toBe(
      'This JSON could not be converted to YAML.',
    );
  });

  it('the small-JSON dialog has no Open as JSON', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Wired />);
    await user.click(screen.getByRole('button', { name: 'paste json' }));
    await screen.findByRole('dialog', { name: 'JSON detected' });
    expect(screen.queryByRole('button', { name: 'Open as JSON' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Convert' }));
  });
});

describe('JSON-paste dialog with a large document', () => {
  it('shows only the start of each text (no 0.5 MB pane to lay out) and says so', async () => {
    const { JsonPasteDialog, PREVIEW_CHARS } =
      await import('../../../src/app/generator/JsonPasteDialog');
    const line = (i: number) => `  "key${i}": "value ${i}",\n`;
    const json = `{\n${Array.from({ length: 20_000 }, (_, i) => line(i)).join('')}  "end": 1\n}`;
    const yaml = json.replace(/"/g, '');
    renderWithProviders(
      <JsonPasteDialog
        json={json}
        yaml={yaml}
        onConvert={() => undefined}
        onCancel={() => undefined}
      />,
    );
    const shownJson = (screen.getByTestId('paste-json') as HTMLTextAreaElement).value;
    const shownYaml = (screen.getByTestId('paste-yaml') as HTMLTextAreaElement).value;
    expect(shownJson.length).toBeLessThanOrEqual(PREVIEW_CHARS);
    expect(json.startsWith(shownJson)).toBe(true);
    expect(shownJson.endsWith('\n')).toBe(true);
    expect(yaml.startsWith(shownYaml)).toBe(true);
    expect(screen.getByTestId('paste-preview-note').textContent).toContain(
      `Convert inserts the whole YAML (${yaml.length} characters)`,
    );
  });
});
