/**
 * The command is the edit (issue 29.1): a control's edit goes through the editor's apply as the
 * command that names its place. The form shows it at once (the session's own function), and
 * the worker gets that command as it is: an edit inside a response or a body is a `setAt` of a
 * few bytes, never the endpoint whole, and the text changes by one line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { coreWorker } from '../core/core-worker';
import { GeneratorClient } from '../../../src/app/core/generator-client';
import { DocumentEditor } from '../../../src/app/document-editor/document-editor';
import { JobRunner } from '../../../src/app/jobs/job-runner';
import {
  requestBodyCommands,
  responseBodyCommands,
  responseCommand,
} from '../../../src/app/model/endpoint-commands';
import { createEndpoint } from '../../../src/app/model/endpoint-ops';
import type { OutputEditorHandle } from '../../../src/app/model/output-handle';
import type { Endpoint } from '../../../src/shared/openapi';

const DOC = [
  'openapi: 3.0.1',
  'info: {title: Pets, version: "1"}',
  'paths:',
  '  /pets:',
  '    post:',
  '      summary: Add a pet',
  '      requestBody:',
  '        content:',
  '          application/json:',
  '            schema: {type: object}',
  '            example: {name: Rex}',
  '      responses:',
  "        '201':",
  '          description: Created',
  "        '400':",
  '          description: Bad request',
  '',
].join('\n');

let client: GeneratorClient | undefined;
afterEach(() => client?.terminate());

async function loaded() {
  const worker = coreWorker();
  client = new GeneratorClient({ createWorker: worker.create });
  const jobs = new JobRunner({
    checkSubscription: () => Promise.resolve({ status: 'active' }),
    describe: (failure) => String(failure),
    checkFailed: () => 'check failed',
  });
  client.setSource('');
  const editor = new DocumentEditor(client, jobs, [createEndpoint(true)]);
  let output = DOC;
  editor.connect({
    output: () =>
      ({
        readValue: () => Promise.resolve(output),
        showGenerated: (text: string) => {
          output = text;
          return Promise.resolve();
        },
        showStart: () => undefined,
      }) as unknown as OutputEditorHandle,
    startRevision: () => undefined,
    saveVersion: () => Promise.resolve(true),
    adoptLoaded: () => undefined,
    adoptSchemas: () => undefined,
    showTab: () => undefined,
  });
  await editor.load();
  const sync = () => (client as GeneratorClient).sync();
  await sync();
  worker.messages.length = 0;
  const view = () => editor.store.list()[0] as Endpoint;
  return { editor, worker, sync, view, client };
}

describe('editor.apply', () => {
  it('an edit inside a response shows at once and goes as its own command', async () => {
    const { editor, worker, sync, view, client } = await loaded();
    const before = view();
    editor.apply(responseCommand(before, 1, 'description', 'Not a pet'));
    // The form's cache has it at once, before any answer.
    expect(view().responses[1]?.description).toBe('Not a pet');
    expect(view().responses[0]).toBe(before.responses[0]);
    await sync();
    const applies = worker.messages.filter((m) => m.name === 'apply');
    expect(applies).toHaveLength(1);
    expect(applies[0]?.commands?.map((c) => c.kind)).toEqual(['setAt']);
    expect(applies[0]?.bytes).toBeLessThan(1024);
    const text = await client.render();
    expect(text).toBe(DOC.replace('description: Bad request', 'description: Not a pet'));
  });

  it('keystrokes in bodies go as setAt of the typed value, one apply per sync', async () => {
    const { editor, worker, sync, view, client } = await loaded();
    for (const name of ['P', 'Pe', 'Pet']) {
      editor.apply(responseBodyCommands(view(), 0, { name }));
    }
    editor.apply(requestBodyCommands(view(), { customerJson: '{"name": "Max"}' }));
    await sync();
    const commands = worker.messages.flatMap((m) => m.commands ?? []);
    expect(commands.map((c) => c.kind)).toEqual(['setAt', 'setAt', 'setAt', 'setAt']);
    expect(commands.some((c) => c.kind === 'putEndpoint')).toBe(false);
    const text = await client.render();
    expect(text).toContain('name: Max');
    expect(text).toContain('      summary: Add a pet\n');
  });
});

describe('editor.apply beyond an endpoint', () => {
  it('a panel edit goes as its setMetaAt, never the panel whole', async () => {
    const { editor, worker, sync, client } = await loaded();
    editor.apply({ kind: 'setMetaAt', path: ['info', 'title'], value: 'Pets and more' });
    expect(editor.document.getMeta().info.title).toBe('Pets and more');
    await sync();
    const commands = worker.messages.flatMap((m) => m.commands ?? []);
    expect(commands.map((c) => c.kind)).toEqual(['setMetaAt']);
    expect(worker.messages.find((m) => m.name === 'apply')?.bytes).toBeLessThan(1024);
    const text = await client.render();
    expect(text).toBe(DOC.replace('title: Pets', 'title: Pets and more'));
  });

  it('add, duplicate and remove go as addEndpoint / removeEndpoint, no view put', async () => {
    const { editor, worker, sync, view } = await loaded();
    const first = view();
    editor.duplicate(first.id);
    const copy = editor.store.list()[1] as Endpoint;
    expect(editor.store.getOrder()).toEqual([first.id, copy.id]);
    editor.add();
    await sync();
    editor.askRemove(copy.id);
    editor.confirmRemove();
    await sync();
    const commands = worker.messages.flatMap((m) => m.commands ?? []);
    expect(commands.map((c) => c.kind)).toEqual(['addEndpoint', 'addEndpoint', 'removeEndpoint']);
    expect(editor.store.list()).toHaveLength(2);
  });
});
