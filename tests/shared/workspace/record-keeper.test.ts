/**
 * The document worker keeps the workspace record (issue 29.2): after each batch it writes
 * `{ text, viewState, baseRevision }` itself, the text rendered by the session, the drafts
 * known by identity, the page's part (collapsed panels, the output's own text) as sent.
 */
import { describe, expect, it } from 'vitest';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import { RecordKeeper, viewKey } from '../../../src/shared/workspace/record-keeper';
import type { WorkspaceRecord } from '../../../src/shared/workspace/workspace-store';
import type { Endpoint } from '../../../src/shared/openapi';
import { createWorkerApi } from '../../../src/worker';
import { petsDocument } from '../support/pets-document';

function memorySink() {
  const records = new Map<string, WorkspaceRecord>();
  const puts: string[] = [];
  return {
    records,
    puts,
    put: (name: string, record: WorkspaceRecord) => {
      records.set(name, record);
      puts.push(name);
      return Promise.resolve();
    },
  };
}

function setup(debounceMs = 10_000) {
  const sink = memorySink();
  const keeper = new RecordKeeper(sink, { debounceMs, now: () => 1234 });
  const api = createCoreApi(keeper);
  const opened = api.openDocument(petsDocument(3));
  if (!opened.ok) throw new Error('not opened');
  const views = api.views(0, 10);
  if (!views.ok) throw new Error('no views');
  const revision = () => (api.revision() as { value: number }).value;
  return { sink, keeper, api, ids: views.value.map((view) => view.id), revision };
}

describe('RecordKeeper', () => {
  it('keeps the ids of views whose key changed, and opening the text with them gives them back', async () => {
    const { keeper, api, ids, revision } = setup();
    keeper.target({ name: 'local', baseRevision: null });
    api.apply(
      [{ kind: 'setField', endpointId: ids[0]!, field: 'path', value: '/animals' }],
      revision(),
    );
    const record = (await keeper.flush()) as WorkspaceRecord;
    const moved = viewKey({
      ...(api.views(0, 1) as unknown as { value: [Endpoint] }).value[0],
      path: '/animals',
    });
    // Only the view whose key is not its id is named (the others open with their own).
    expect(record.viewState.ids).toEqual({ [moved]: ids[0] });
    const again = createCoreApi();
    again.openDocument(record.text as string, record.viewState.ids);
    const views = (again.views(0, 10) as { value: { id: string }[] }).value;
    expect(views.map((view) => view.id)).toEqual(ids);
    // The commands made after the record address the reopened views, and edit the same place.
    const edited = again.apply(
      [{ kind: 'setField', endpointId: ids[0]!, field: 'summary', value: 'Animals' }],
      (again.revision() as { value: number }).value,
      { text: true },
    );
    const text = edited.ok ? (edited.value.text as string) : '';
    expect(text.indexOf('summary: Animals')).toBeGreaterThan(text.indexOf('/animals:'));
    expect(text.indexOf('summary: Animals')).toBeLessThan(text.indexOf('/pets1:'));
  });

  it('writes nothing until the page names the workspace', async () => {
    const { sink, keeper, api, ids, revision } = setup();
    api.apply(
      [{ kind: 'setField', endpointId: ids[0]!, field: 'summary', value: 'S' }],
      revision(),
    );
    expect(await keeper.flush()).toBeUndefined();
    expect(sink.puts).toEqual([]);
  });

  it("writes the session's text after a batch, with the order by key and no drafts", async () => {
    const { sink, keeper, api, ids, revision } = setup();
    keeper.target({ name: 'local', baseRevision: null });
    const answer = api.apply(
      [{ kind: 'setField', endpointId: ids[1]!, field: 'summary', value: 'Second pets' }],
      revision(),
    );
    expect(answer.ok).toBe(true);
    const record = await keeper.flush();
    expect(sink.records.get('local')).toBe(record);
    expect(record?.text).toContain('summary: Second pets');
    expect(record?.baseRevision).toBeNull();
    expect(record?.savedAt).toBe(1234);
    const doc = (api.views(0, 10) as { value: { id: string }[] }).value;
    expect(record?.viewState.form?.order).toEqual(doc.map((view) => view.id));
    expect(record?.viewState.form?.drafts).toEqual([]);
    expect(record?.viewState.output).toBeUndefined();
    // The same record is not written twice.
    await keeper.flush();
    expect(sink.puts).toEqual(['local']);
  });

  it('keeps the last writable text and the unwritable view as a draft, whole', async () => {
    const { keeper, api, ids, revision } = setup();
    keeper.target({ name: 'project:p1', baseRevision: 7, pending: true });
    api.apply(
      [{ kind: 'setField', endpointId: ids[0]!, field: 'summary', value: 'One' }],
      revision(),
    );
    const first = await keeper.flush();
    api.apply([{ kind: 'setField', endpointId: ids[2]!, field: 'path', value: '' }], revision());
    const second = await keeper.flush();
    expect(second?.text).toBe(first?.text);
    expect(second?.baseRevision).toBe(7);
    expect(second?.pending).toBe(true);
    const drafts = second?.viewState.form?.drafts ?? [];
    expect(drafts.map((draft) => draft.path)).toEqual(['']);
    expect(second?.viewState.form?.order[2]).toBe(drafts[0]?.id);
  });

  it("lays the page's part over it: collapsed panels by key, the output's own text as a change", async () => {
    const { keeper, api, ids } = setup();
    keeper.target({ name: 'local', baseRevision: null });
    const text = (await keeper.flush())?.text as string;
    const views = (api.views(0, 10) as { value: Parameters<typeof viewKey>[0][] }).value;
    keeper.setView({ collapsed: [ids[1]!], output: `${text}\n# typed` });
    const record = await keeper.flush();
    expect(record?.viewState.collapsed).toEqual([viewKey(views[1]!)]);
    expect(record?.viewState.output).toEqual({
      start: text.length,
      end: text.length,
      text: '\n# typed',
    });
  });

  it('writes by itself a moment after the last batch (debounced)', async () => {
    const { sink, keeper, api, ids, revision } = setup(20);
    keeper.target({ name: 'local', baseRevision: null });
    for (const value of ['a', 'ab', 'abc']) {
      api.apply([{ kind: 'setField', endpointId: ids[0]!, field: 'summary', value }], revision());
    }
    expect(sink.puts).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sink.puts).toEqual(['local']);
    expect(sink.records.get('local')?.text).toContain('summary: abc');
  });

  it('stores a large text as a Blob', async () => {
    const sink = memorySink();
    const keeper = new RecordKeeper(sink);
    const api = createCoreApi(keeper);
    api.openDocument(
      petsDocument(1).replace(
        'info: {title: Pets, version: v1}',
        `info: {title: Pets, version: v1, description: '${'x'.repeat(300_000)}'}`,
      ),
    );
    keeper.target({ name: 'local', baseRevision: null });
    const record = await keeper.flush();
    expect(record?.text).toBeInstanceOf(Blob);
    expect(keeper.latest?.text.length).toBeGreaterThan(256 * 1024);
  });
});

describe('the worker API', () => {
  it("builds a project's upload body from the record it wrote", async () => {
    const sink = memorySink();
    const api = createWorkerApi(sink);
    api.openDocument(petsDocument(2));
    expect(
      api.recordUploadBody({}).ok && (api.recordUploadBody({}) as { value: unknown }).value,
    ).toBeUndefined();
    api.keepRecord({ name: 'project:p1', baseRevision: 3 });
    const flushed = await api.flushRecord();
    expect(flushed.ok && flushed.value?.savedAt).toBe(sink.records.get('project:p1')?.savedAt);
    const answer = api.recordUploadBody({ editSession: 'e1' });
    if (!answer.ok || answer.value === undefined) throw new Error('no body');
    const body = JSON.parse(await answer.value.body.text()) as Record<string, unknown>;
    expect(body.content).toBe(sink.records.get('project:p1')?.text);
    expect(body.viewState).toEqual(sink.records.get('project:p1')?.viewState);
    expect(body.editSession).toBe('e1');
  });

  it("a project's record stays pending until the server has it, and then is rebased", async () => {
    let now = 100;
    const sink = memorySink();
    const keeper = new RecordKeeper(sink, { debounceMs: 10_000, now: () => now });
    const api = createCoreApi(keeper);
    api.openDocument(petsDocument(2));
    const ids = (api.views(0, 10) as { value: { id: string }[] }).value.map((view) => view.id);
    const revision = () => (api.revision() as { value: number }).value;
    keeper.target({ name: 'project:p1', baseRevision: 3, pending: true });
    const sent = await keeper.flushed();
    expect(sink.records.get('project:p1')).toMatchObject({ baseRevision: 3, pending: true });
    expect(sent?.baseRevision).toBe(3);
    // The server has it as revision 4: the same record, no longer pending, on revision 4.
    await keeper.sent(4, sent?.savedAt);
    expect(sink.records.get('project:p1')).toMatchObject({ baseRevision: 4, savedAt: 100 });
    expect(sink.records.get('project:p1')?.pending).toBeUndefined();
    // Nothing changed: flushing writes nothing (whether the server has it is no change).
    const puts = sink.puts.length;
    now = 200;
    expect((await keeper.flushed())?.savedAt).toBe(100);
    expect(sink.puts).toHaveLength(puts);
    // An edit is pending on revision 4; a save of an older record rebases it and keeps it pending.
    api.apply(
      [{ kind: 'setField', endpointId: ids[0]!, field: 'summary', value: 'S' }],
      revision(),
    );
    const edited = await keeper.flushed();
    expect(edited?.savedAt).toBe(200);
    expect(sink.records.get('project:p1')).toMatchObject({ baseRevision: 4, pending: true });
    await keeper.sent(5, 100);
    expect(sink.records.get('project:p1')).toMatchObject({
      baseRevision: 5,
      pending: true,
      savedAt: 200,
    });
    now = 300;
    api.apply(
      [{ kind: 'setField', endpointId: ids[0]!, field: 'summary', value: 'T' }],
      revision(),
    );
    expect(await keeper.flush()).toMatchObject({ baseRevision: 5, pending: true, savedAt: 300 });
  });
});
