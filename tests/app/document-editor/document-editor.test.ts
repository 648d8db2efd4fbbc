import { describe, expect, it } from 'vitest';
import { GeneratorClient, type DocumentTextRef } from '../../../src/app/core/generator-client';
import { operationRanges } from '../../../src/shared/openapi/document/locate';
import { DocumentEditor } from '../../../src/app/document-editor/document-editor';
import { createEndpoint } from '../../../src/app/model/endpoint-ops';
import type { OutputEditorHandle } from '../../../src/app/model/output-handle';
import { JobRunner } from '../../../src/app/jobs/job-runner';
import { SHOP_DOCUMENT } from '../../shared/support/shop-document';

const DOC = [
  'openapi: 3.0.1',
  'info: {title: Pets, version: "1"}',
  'paths:',
  '  /pets:',
  '    get:',
  '      summary: List pets',
  "      responses: {'200': {description: OK}}",
  '',
].join('\n');

/** An editor object over a main-thread client, with a stand-in output editor. */
function setUp(doc = DOC) {
  const client = new GeneratorClient({ createWorker: undefined });
  const jobs = new JobRunner({
    checkSubscription: () => Promise.resolve({ status: 'active' }),
    describe: (failure) => String(failure),
    checkFailed: () => 'check failed',
  });
  client.setSource('');
  const editor = new DocumentEditor(client, jobs, [createEndpoint(true)]);
  let output = doc;
  let source: DocumentTextRef | undefined;
  const adopted: string[] = [];
  const shownFromStart: string[] = [];
  editor.connect({
    output: () =>
      ({
        readValue: () => Promise.resolve(output),
        showGenerated: (text: string, ref?: DocumentTextRef) => {
          output = text;
          source = ref;
          return Promise.resolve();
        },
        showStart: () => shownFromStart.push(output),
      }) as unknown as OutputEditorHandle,
    startRevision: () => undefined,
    saveVersion: () => Promise.resolve(true),
    adoptLoaded: (text) => adopted.push(text),
    adoptSchemas: () => undefined,
    showTab: () => undefined,
  });
  return {
    editor,
    client,
    jobs,
    adopted,
    shownFromStart,
    output: () => output,
    source: () => source,
  };
}

describe('DocumentEditor', () => {
  it('adds, duplicates and removes endpoints, asking first', () => {
    const { editor } = setUp();
    editor.add();
    expect(editor.store.size).toBe(2);
    const [first] = editor.store.getOrder();
    editor.duplicate(first!);
    expect(editor.store.size).toBe(3);
    editor.askRemove(first!);
    expect(editor.getState().removeId).toBe(first);
    editor.cancelRemove();
    expect(editor.store.size).toBe(3);
    editor.askRemove(first!);
    editor.confirmRemove();
    expect(editor.store.size).toBe(2);
    expect(editor.store.getEndpoint(first!)).toBeUndefined();
  });

  it('loads the output editor text into the form, asking when the form has edits', async () => {
    const { editor, adopted } = setUp();
    editor.add(); // an edit since the last Generate or Load
    await editor.load();
    expect(editor.getState().pendingLoad).toBeDefined();
    editor.cancelLoad();
    expect(editor.getState().pendingLoad).toBeUndefined();
    expect(editor.store.size).toBe(2);
    await editor.load();
    editor.confirmLoad();
    expect(editor.store.list().map((e) => `${e.method} ${e.path}`)).toEqual(['GET /pets']);
    expect(editor.document.getMeta().info.title).toBe('Pets');
    expect(adopted).toEqual([DOC]);
  });

  it('shows the output editor from its first line after Load (issue 31.12)', async () => {
    const { editor, shownFromStart } = setUp();
    editor.store.markSaved();
    await editor.load();
    expect(shownFromStart).toEqual([DOC]);
  });

  it('generates the loaded document back as it was, then with an edit', async () => {
    const { editor, output } = setUp();
    editor.store.markSaved();
    await editor.load();
    await editor.generate();
    expect(output()).toBe(DOC);
    const [id] = editor.store.getOrder();
    editor.apply({ kind: 'setField', endpointId: id!, field: 'summary', value: 'Every pet' });
    await editor.generate();
    expect(output()).toBe(DOC.replace('List pets', 'Every pet'));
    expect(editor.jobs.getState().error).toBeUndefined();
  });

  it("names the generated text as the document's own: its operation ranges need no text", async () => {
    const { editor, client, output, source } = setUp();
    editor.store.markSaved();
    await editor.load();
    const [id] = editor.store.getOrder();
    editor.apply({ kind: 'setField', endpointId: id!, field: 'summary', value: 'Every pet' });
    await editor.generate();
    const ref = source();
    expect(ref).toBeDefined();
    expect(await client.documentOperationRanges(ref!)).toEqual(operationRanges(output()));
    // The form changed the document since: the text shown is not its text any more.
    editor.apply({ kind: 'setField', endpointId: id!, field: 'summary', value: 'Any pet' });
    await editor.keepForm();
    expect(await client.documentOperationRanges(ref!)).toBeUndefined();
  });

  it('renames a shared schema in the worker’s document: every $ref and body follows', async () => {
    const shop = SHOP_DOCUMENT;
    const { editor, output } = setUp(shop);
    editor.store.markSaved();
    await editor.load();
    await editor.generate();
    expect(output()).toBe(shop);
    await editor.renameSchema('Order', 'Purchase');
    expect(Object.keys(editor.document.getSchemas())).toEqual(['Address', 'Purchase', 'Receipt']);
    expect(editor.store.list()[0]?.requestBody?.name).toBe('Purchase');
    await editor.generate();
    expect(output()).toBe(
      shop.replace("schemas/Order'", "schemas/Purchase'").replace('    Order:', '    Purchase:'),
    );
    // The form's own rename is the fallback where the document cannot be written yet.
    editor.add();
    const draft = editor.store.getOrder().at(-1)!;
    editor.apply({ kind: 'setField', endpointId: draft, field: 'path', value: '' });
    await editor.renameSchema('Receipt', 'Paid');
    expect(Object.keys(editor.document.getSchemas())).toEqual(['Address', 'Purchase', 'Paid']);
  });
});
