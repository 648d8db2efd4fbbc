// @vitest-environment node
// (Node's own Blob: fake-indexeddb clones values with Node's structuredClone.)
/**
 * The one-time migration of the older stored formats (issue 18.2). Every fixture is written the
 * way the old code wrote it (the form JSON below is literally what the old FormSerializer
 * produced), since that code is deleted.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateOldStorage } from '../../../src/app/workspace/migrate';
import {
  IndexedDbWorkspaceStore,
  MemoryWorkspaceStore,
  recordText,
  type WorkspaceRecord,
  type WorkspaceStore,
} from '../../../src/app/workspace/workspace-store';

const FORM = 'specform.generator.form.v1';
const DOCUMENT = 'specform.generator.document.v1';
const SCHEMAS = 'specform.generator.document.v1.schemas';
const FORM_REVISION = 'specform.projects.formRevision';
const FORM_OWNER = 'specform.projects.formOwner';
const MOVED_IN = 'specform.projects.movedIn';
const P1 = 'ws.project:p1/';
const P2 = 'ws.project:p2/';

function memoryStorage(init: Record<string, string> = {}): Storage & { map: Map<string, string> } {
  const map = new Map(Object.entries(init));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

/** Writes records the way an old version did: its database, its store, its keys. */
async function writeDb(
  factory: IDBFactory,
  name: string,
  store: string,
  records: [IDBValidKey | undefined, unknown][],
  keyPath?: string,
): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open(name, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(store, keyPath ? { keyPath } : {});
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('open failed'));
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(store, 'readwrite');
    for (const [key, value] of records) {
      if (key === undefined) tx.objectStore(store).put(value);
      else tx.objectStore(store).put(value, key);
    }
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('write failed'));
  });
  db.close();
}

/** source-store.ts: db `specform`, store `documents`, out-of-line keys. */
function writeDocuments(factory: IDBFactory, records: Record<string, unknown>): Promise<void> {
  return writeDb(factory, 'specform', 'documents', Object.entries(records));
}

/** pending-store.ts: db `specform-projects`, store `pending`, keyPath `projectId`. */
function writePending(factory: IDBFactory, ...records: object[]): Promise<void> {
  return writeDb(
    factory,
    'specform-projects',
    'pending',
    records.map((r) => [undefined, r]),
    'projectId',
  );
}

async function readDocuments(factory: IDBFactory): Promise<Record<string, unknown>> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open('specform');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('open failed'));
  });
  const out = await new Promise<Record<string, unknown>>((resolve) => {
    const store = db.transaction('documents', 'readonly').objectStore('documents');
    const keys = store.getAllKeys();
    const values = store.getAll();
    values.onsuccess = () =>
      resolve(Object.fromEntries(keys.result.map((key, i) => [String(key), values.result[i]])));
  });
  db.close();
  return out;
}

async function databaseNames(factory: IDBFactory): Promise<string[]> {
  return (await factory.databases()).map((info) => info.name ?? '').sort();
}

// --- Fixtures: literally what the old code wrote -----------------------------------------------

const PET = { type: 'object', properties: { name: { type: 'string' } } };
const RESPONSES = [{ statusCode: 200, body: { mode: 'none' }, description: 'OK' }];

/** Form v1, one entry (FormSerializer.serialize of two endpoints sharing component Pet). */
const FORM_V1 =
  '{"v":1,"collapsed":["b"],"endpoints":[{"id":"a","method":"GET","path":"/pets","summary":"S /pets","parameters":[],"responses":[{"statusCode":200,"body":{"mode":"none"},"description":"OK"}],"c":[0]},{"id":"b","method":"POST","path":"/pets","summary":"S /pets","parameters":[],"responses":[{"statusCode":200,"body":{"mode":"none"},"description":"OK"}],"c":[0]}],"components":[["Pet",{"type":"object","properties":{"name":{"type":"string"}}}]]}';

/**
 * Form v2 (FormSerializer.serializeEntries with a DocumentBase of kept text `src-1`): two views
 * of the kept text unchanged (their ids alone), one endpoint whole, the component table apart.
 */
const FORM_V2: Record<string, string> = {
  [`${FORM}.e0`]:
    '["endpoint-x1","endpoint-x2",{"id":"c","method":"PUT","path":"/c","summary":"S /c","parameters":[],"responses":[{"statusCode":200,"body":{"mode":"none"},"description":"OK"}],"c":[0]}]',
  [`${FORM}.c0`]: '[["Pet",{"type":"object","properties":{"name":{"type":"string"}}}]]',
  [FORM]:
    '{"v":2,"collapsed":["endpoint-x2"],"endpointEntries":1,"componentEntries":1,"base":"src-1"}',
};

/** A whole saved endpoint, as the serializer wrote it (no components). */
function savedEndpoint(id: string, path: string, method = 'GET'): string {
  return JSON.stringify({ id, method, path, summary: '', parameters: [], responses: RESPONSES });
}

/** A form v2 over several endpoint entries (ENDPOINTS_PER_ENTRY was 24), no base. */
function formV2Entries(ids: string[], collapsed: string[] = []): Record<string, string> {
  const entries: Record<string, string> = {};
  let count = 0;
  for (let i = 0; i < ids.length; i += 24) {
    entries[`${FORM}.e${count++}`] = `[${ids
      .slice(i, i + 24)
      .map((id) => savedEndpoint(id, `/${id}`))
      .join(',')}]`;
  }
  entries[FORM] = JSON.stringify({ v: 2, collapsed, endpointEntries: count, componentEntries: 0 });
  return entries;
}

function scoped(scope: string, entries: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).map(([k, v]) => [scope + k, v]));
}

const META = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Pets', version: '2' },
  servers: [{ url: 'https://api.example.com' }],
});
const SCHEMA_TABLE = JSON.stringify({ Pet: PET });

const OUTPUT_STATE = '{"v":2,"output":{"end":6,"text":"# typed\\n","start":6}}';

afterEach(() => {
  vi.restoreAllMocks();
});

async function get(store: WorkspaceStore, name: string): Promise<WorkspaceRecord> {
  const record = await store.get(name);
  if (record === undefined) throw new Error(`no record ${name}`);
  return record;
}

describe('migrateOldStorage: each old format', () => {
  it('does nothing, and creates no database, when nothing old exists', async () => {
    const indexedDB = new IDBFactory();
    const store = new MemoryWorkspaceStore();
    const localStorage = memoryStorage({
      [MOVED_IN]: 'nothing',
      'specform.generator.split': '0.4',
    });
    expect(await migrateOldStorage({ store, localStorage, indexedDB })).toEqual({
      migrated: [],
      skipped: [],
    });
    expect(await databaseNames(indexedDB)).toEqual([]);
    expect(localStorage.map.size).toBe(2);
  });

  it('creates no database where indexedDB.databases() is missing either', async () => {
    const indexedDB = new IDBFactory();
    // A browser without databases() (Firefox before 126).
    const noList = {
      open: indexedDB.open.bind(indexedDB),
      deleteDatabase: indexedDB.deleteDatabase.bind(indexedDB),
      cmp: indexedDB.cmp.bind(indexedDB),
    } as unknown as IDBFactory;
    const store = new MemoryWorkspaceStore();
    const result = await migrateOldStorage({
      store,
      localStorage: memoryStorage(),
      indexedDB: noList,
    });
    expect(result).toEqual({ migrated: [], skipped: [] });
    expect(await databaseNames(indexedDB)).toEqual([]);
  });

  it('form v1 (one entry), with the document panel and schemas', async () => {
    const store = new MemoryWorkspaceStore();
    const localStorage = memoryStorage({
      [FORM]: FORM_V1,
      [DOCUMENT]: META,
      [SCHEMAS]: SCHEMA_TABLE,
    });
    const result = await migrateOldStorage({ store, localStorage, indexedDB: new IDBFactory() });
    expect(result).toEqual({ migrated: ['local'], skipped: [] });
    const record = await get(store, 'local');
    expect(record.text).toBe('');
    expect(record.baseRevision).toBeNull();
    expect(record.pending).toBeUndefined();
    expect(record.viewState.collapsed).toEqual(['b']);
    const form = record.viewState.form!;
    expect(form.order).toEqual(['a', 'b']);
    expect(form.drafts.map((d) => [d.id, d.method, d.path])).toEqual([
      ['a', 'GET', '/pets'],
      ['b', 'POST', '/pets'],
    ]);
    // The component table's sharing is put back; no table index is left on an endpoint.
    expect(form.drafts[0]!.schemaComponents).toEqual({ Pet: PET });
    expect(form.drafts[0]!.schemaComponents!.Pet).toBe(form.drafts[1]!.schemaComponents!.Pet);
    expect('c' in form.drafts[0]!).toBe(false);
    expect(form.meta).toEqual(JSON.parse(META));
    expect(form.schemas).toEqual({ Pet: PET });
    expect(localStorage.map.size).toBe(0);
  });

  it('form v2 in localStorage: id-only views of the kept text (a Blob), and the component table', async () => {
    const indexedDB = new IDBFactory();
    const source = new Blob(['openapi: 3.0.1\npaths: {}\n']);
    await writeDocuments(indexedDB, { 'generator-source-id': 'src-1', 'source:src-1': source });
    const store = new MemoryWorkspaceStore();
    const localStorage = memoryStorage({ ...FORM_V2, [DOCUMENT]: META });
    expect(await migrateOldStorage({ store, localStorage, indexedDB })).toEqual({
      migrated: ['local'],
      skipped: [],
    });
    const record = await get(store, 'local');
    // The Blob stays a Blob (nothing decoded on the way).
    expect(record.text).toBeInstanceOf(Blob);
    expect(await recordText(record)).toBe('openapi: 3.0.1\npaths: {}\n');
    expect(record.viewState.collapsed).toEqual(['endpoint-x2']);
    const form = record.viewState.form!;
    expect(form.order).toEqual(['endpoint-x1', 'endpoint-x2', 'c']);
    // The id-only entries are views of the text, unchanged: not drafts.
    expect(form.drafts.map((d) => d.id)).toEqual(['c']);
    expect(form.drafts[0]!.schemaComponents).toEqual({ Pet: PET });
    expect(form.meta).toEqual(JSON.parse(META));
    expect(form.schemas).toBeUndefined();
    expect(record.viewState.output).toBeUndefined();
  });

  it('form v2 over several entries, in order', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `e${i}`);
    const store = new MemoryWorkspaceStore();
    const localStorage = memoryStorage(formV2Entries(ids, ['e3']));
    expect([...localStorage.map.keys()]).toContain(`${FORM}.e2`);
    await migrateOldStorage({ store, localStorage, indexedDB: new IDBFactory() });
    const record = await get(store, 'local');
    expect(record.viewState.form!.order).toEqual(ids);
    expect(record.viewState.form!.drafts).toHaveLength(50);
    expect(record.viewState.collapsed).toEqual(['e3']);
    expect(localStorage.map.size).toBe(0);
  });

  it('a v2 form missing an entry is unreadable, as it was to the old reader', async () => {
    const entries = formV2Entries(['a', 'b']);
    const localStorage = memoryStorage({
      ...entries,
      [FORM]: JSON.stringify({ v: 2, collapsed: [], endpointEntries: 2, componentEntries: 0 }),
      [DOCUMENT]: META,
    });
    const store = new MemoryWorkspaceStore();
    await migrateOldStorage({ store, localStorage, indexedDB: new IDBFactory() });
    // Only the document panel was readable: it goes along with the empty text.
    const record = await get(store, 'local');
    expect(record.viewState.form).toEqual({ order: [], drafts: [], meta: JSON.parse(META) });
  });

  it('the {"v":"idb"} form: entries in IndexedDB under form:<scope><key>', async () => {
    const indexedDB = new IDBFactory();
    await writeDocuments(indexedDB, {
      ...Object.fromEntries(Object.entries(FORM_V2).map(([k, v]) => [`form:${k}`, v])),
      'generator-source-id': 'src-1',
      'source:src-1': new Blob(['kept text']),
      // A project's form in IndexedDB too.
      ...Object.fromEntries(
        Object.entries(formV2Entries(['p'])).map(([k, v]) => [`form:${P1}${k}`, v]),
      ),
    });
    const localStorage = memoryStorage({
      [FORM]: '{"v":"idb"}',
      [`${P1}${FORM}`]: '{"v":"idb"}',
      [`${P1}${FORM_REVISION}`]: '4',
    });
    const store = new MemoryWorkspaceStore();
    const result = await migrateOldStorage({ store, localStorage, indexedDB });
    expect(result.migrated.sort()).toEqual(['local', 'project:p1']);
    const local = await get(store, 'local');
    expect(local.viewState.form!.order).toEqual(['endpoint-x1', 'endpoint-x2', 'c']);
    expect(await recordText(local)).toBe('kept text');
    const project = await get(store, 'project:p1');
    expect(project.viewState.form!.order).toEqual(['p']);
    expect(project.baseRevision).toBe(4);
    expect(project.text).toBe('');
    // Everything read is gone, and so is the database.
    expect(localStorage.map.size).toBe(0);
    expect(await databaseNames(indexedDB)).toEqual([]);
  });

  it('the legacy string source (generator-source) of the oldest versions', async () => {
    const indexedDB = new IDBFactory();
    await writeDocuments(indexedDB, { 'generator-source': 'openapi: 3.0.1\n' });
    const store = new MemoryWorkspaceStore();
    const result = await migrateOldStorage({ store, localStorage: memoryStorage(), indexedDB });
    expect(result).toEqual({ migrated: ['local'], skipped: [] });
    const record = await get(store, 'local');
    expect(record.text).toBe('openapi: 3.0.1\n');
    expect(record.viewState).toEqual({ v: 2 });
    expect(await databaseNames(indexedDB)).toEqual([]);
  });

  it("the saved form's own kept text comes before a newer current one", async () => {
    const indexedDB = new IDBFactory();
    await writeDocuments(indexedDB, {
      'generator-source-id': 'src-2',
      'source:src-1': 'the text the form is a view of',
      'source:src-2': 'loaded just before the tab closed',
    });
    const store = new MemoryWorkspaceStore();
    await migrateOldStorage({ store, localStorage: memoryStorage(FORM_V2), indexedDB });
    expect((await get(store, 'local')).text).toBe('the text the form is a view of');
  });

  it("the output record's text is the document, its view state the output editor's change", async () => {
    const indexedDB = new IDBFactory();
    await writeDocuments(indexedDB, {
      'generator-source-id': 'src-1',
      'source:src-1': new Blob(['older loaded text']),
      'output:': { text: new Blob(['line1\nline2\n']), viewStateJson: OUTPUT_STATE },
    });
    const store = new MemoryWorkspaceStore();
    await migrateOldStorage({ store, localStorage: memoryStorage(FORM_V2), indexedDB });
    const record = await get(store, 'local');
    expect(record.text).toBeInstanceOf(Blob);
    expect(await recordText(record)).toBe('line1\nline2\n');
    expect(record.viewState.output).toEqual({ start: 6, end: 6, text: '# typed\n' });
    expect(record.viewState.form!.order).toEqual(['endpoint-x1', 'endpoint-x2', 'c']);
  });

  it('an output record whose view state holds no change, or an unreadable one', async () => {
    const indexedDB = new IDBFactory();
    await writeDocuments(indexedDB, {
      'output:': { text: 'doc', viewStateJson: '{"v":2}' },
      [`output:${P1}`]: { text: 'p doc', viewStateJson: '{not json' },
    });
    const localStorage = memoryStorage({ [`${P1}${FORM_REVISION}`]: '2' });
    const store = new MemoryWorkspaceStore();
    await migrateOldStorage({ store, localStorage, indexedDB });
    expect(await get(store, 'local')).toMatchObject({ text: 'doc', viewState: { v: 2 } });
    expect((await get(store, 'local')).viewState.output).toBeUndefined();
    expect(await get(store, 'project:p1')).toMatchObject({
      text: 'p doc',
      viewState: { v: 2 },
      baseRevision: 2,
    });
  });

  it("a project's scoped form and source, apart from the browser's own", async () => {
    const indexedDB = new IDBFactory();
    await writeDocuments(indexedDB, {
      'generator-source-id': 'src-local',
      'source:src-local': 'local text',
      [`generator-source-id@${P1}`]: 'src-p1',
      'source:src-p1': new Blob(['p1 text']),
    });
    const localStorage = memoryStorage({
      ...formV2Entries(['l']),
      ...scoped(P1, formV2Entries(['p1a', 'p1b'], ['p1b'])),
      [`${P1}${DOCUMENT}`]: META,
      [`${P1}${FORM_REVISION}`]: '12',
      [FORM_OWNER]: 'p1@11',
      [MOVED_IN]: 'p1',
    });
    const store = new MemoryWorkspaceStore();
    const result = await migrateOldStorage({ store, localStorage, indexedDB });
    expect(result.migrated.sort()).toEqual(['local', 'project:p1']);
    const local = await get(store, 'local');
    expect(local.text).toBe('local text');
    expect(local.viewState.form!.order).toEqual(['l']);
    expect(local.viewState.form!.meta).toBeUndefined();
    expect(local.baseRevision).toBeNull();
    const project = await get(store, 'project:p1');
    expect(await recordText(project)).toBe('p1 text');
    expect(project.baseRevision).toBe(12);
    expect(project.pending).toBeUndefined();
    expect(project.viewState.collapsed).toEqual(['p1b']);
    expect(project.viewState.form!.order).toEqual(['p1a', 'p1b']);
    expect(project.viewState.form!.meta).toEqual(JSON.parse(META));
    // The single form owner of older versions goes; "moved in" stays (still used).
    expect([...localStorage.map.keys()]).toEqual([MOVED_IN]);
  });

  it('a project whose form revision is unknown and has no pending change is skipped', async () => {
    const indexedDB = new IDBFactory();
    await writeDocuments(indexedDB, {
      [`generator-source-id@${P2}`]: 'src-p2',
      'source:src-p2': 'what the server has',
    });
    const localStorage = memoryStorage({
      ...scoped(P2, formV2Entries(['x'])),
      [`${P2}${FORM_REVISION}`]: '',
    });
    const store = new MemoryWorkspaceStore();
    const result = await migrateOldStorage({ store, localStorage, indexedDB });
    expect(result).toEqual({ migrated: [], skipped: ['project:p2'] });
    expect(await store.names()).toEqual([]);
    expect(localStorage.map.size).toBe(0);
    expect(await databaseNames(indexedDB)).toEqual([]);
  });

  it('a pending record alone makes a project workspace', async () => {
    const indexedDB = new IDBFactory();
    await writePending(indexedDB, {
      projectId: 'p2',
      baseRevision: 3,
      content: 'line1\nline2\n',
      viewStateJson: OUTPUT_STATE,
      keptAt: 1000,
    });
    const store = new MemoryWorkspaceStore();
    const result = await migrateOldStorage({ store, localStorage: memoryStorage(), indexedDB });
    expect(result).toEqual({ migrated: ['project:p2'], skipped: [] });
    const record = await get(store, 'project:p2');
    expect(record).toMatchObject({
      text: 'line1\nline2\n',
      baseRevision: 3,
      pending: true,
      viewState: { v: 2, output: { start: 6, end: 6, text: '# typed\n' } },
    });
    expect(record.viewState.form).toBeUndefined();
    expect(await databaseNames(indexedDB)).toEqual([]);
  });

  it("a pending change wins over the project's kept text; its form stays when it had a revision", async () => {
    const indexedDB = new IDBFactory();
    await writeDocuments(indexedDB, {
      [`generator-source-id@${P1}`]: 'src-p1',
      'source:src-p1': 'server text',
    });
    await writePending(
      indexedDB,
      { projectId: 'p1', baseRevision: 8, content: 'unsynced', viewStateJson: null, keptAt: 1 },
      { projectId: 'p2', baseRevision: 2, content: 'p2 unsynced', viewStateJson: '{"v":1}' },
    );
    const localStorage = memoryStorage({
      ...scoped(P1, formV2Entries(['p1a'])),
      [`${P1}${FORM_REVISION}`]: '7',
      // p2 had no form revision: the old version rebuilt its form from the change.
      ...scoped(P2, formV2Entries(['p2a'])),
    });
    const store = new MemoryWorkspaceStore();
    const result = await migrateOldStorage({ store, localStorage, indexedDB });
    expect(result.migrated.sort()).toEqual(['project:p1', 'project:p2']);
    const p1 = await get(store, 'project:p1');
    expect(p1).toMatchObject({ text: 'unsynced', baseRevision: 8, pending: true });
    expect(p1.viewState.form!.order).toEqual(['p1a']);
    expect(p1.viewState.output).toBeUndefined();
    const p2 = await get(store, 'project:p2');
    expect(p2).toMatchObject({ text: 'p2 unsynced', baseRevision: 2, pending: true });
    expect(p2.viewState).toEqual({ v: 2 });
  });
});

describe('migrateOldStorage: once, safely', () => {
  async function everyFormat(
    indexedDB: IDBFactory,
  ): Promise<Storage & { map: Map<string, string> }> {
    await writeDocuments(indexedDB, {
      'generator-source-id': 'src-1',
      'source:src-1': new Blob(['local text']),
      'source:old': 'a text nothing names any more',
      'output:': { text: 'local output', viewStateJson: '{"v":2}' },
      [`generator-source-id@${P1}`]: 'src-p1',
      'source:src-p1': 'p1 text',
      ...Object.fromEntries(
        Object.entries(formV2Entries(['p1a'])).map(([k, v]) => [`form:${P1}${k}`, v]),
      ),
    });
    await writePending(indexedDB, {
      projectId: 'p2',
      baseRevision: 1,
      content: 'p2',
      viewStateJson: null,
      keptAt: 5,
    });
    return memoryStorage({
      ...FORM_V2,
      [DOCUMENT]: META,
      [SCHEMAS]: SCHEMA_TABLE,
      [`${P1}${FORM}`]: '{"v":"idb"}',
      [`${P1}${FORM_REVISION}`]: '3',
      [FORM_OWNER]: 'p1',
      [MOVED_IN]: 'nothing',
      'specform.generator.split': '0.5',
    });
  }

  it('one record per workspace, in the IndexedDB store', async () => {
    const indexedDB = new IDBFactory();
    const localStorage = await everyFormat(indexedDB);
    const store = new IndexedDbWorkspaceStore(indexedDB, 'workspaces-test');
    const result = await migrateOldStorage({ store, localStorage, indexedDB });
    expect(result.migrated.sort()).toEqual(['local', 'project:p1', 'project:p2']);
    expect((await store.names()).sort()).toEqual(['local', 'project:p1', 'project:p2']);
    expect(await recordText(await get(store, 'local'))).toBe('local output');
    expect(await recordText(await get(store, 'project:p1'))).toBe('p1 text');
    expect((await get(store, 'project:p2')).pending).toBe(true);
  });

  it('deletes the old data after success, and the second run is a no-op', async () => {
    const indexedDB = new IDBFactory();
    const localStorage = await everyFormat(indexedDB);
    const store = new MemoryWorkspaceStore();
    await migrateOldStorage({ store, localStorage, indexedDB });
    expect([...localStorage.map.keys()].sort()).toEqual(['specform.generator.split', MOVED_IN]);
    expect(await databaseNames(indexedDB)).toEqual([]);
    const first = new Map(store.records);
    const again = await migrateOldStorage({ store, localStorage, indexedDB });
    expect(again).toEqual({ migrated: [], skipped: [] });
    expect(store.records).toEqual(first);
    for (const [name, record] of first) expect(store.records.get(name)).toBe(record);
    expect(await databaseNames(indexedDB)).toEqual([]);
  });

  it('never overwrites a record the store has already; that old data is deleted too', async () => {
    const indexedDB = new IDBFactory();
    const localStorage = await everyFormat(indexedDB);
    const store = new MemoryWorkspaceStore();
    const newer: WorkspaceRecord = {
      text: 'written by the new code',
      viewState: { v: 2 },
      baseRevision: null,
      savedAt: 1,
    };
    await store.put('local', newer);
    const result = await migrateOldStorage({ store, localStorage, indexedDB });
    expect(result.skipped).toEqual(['local']);
    expect(result.migrated.sort()).toEqual(['project:p1', 'project:p2']);
    expect(store.records.get('local')).toBe(newer);
    expect([...localStorage.map.keys()].sort()).toEqual(['specform.generator.split', MOVED_IN]);
  });

  it('keeps a database that holds keys no old version wrote, deleting only the old ones', async () => {
    const indexedDB = new IDBFactory();
    await writeDocuments(indexedDB, { 'generator-source': 'text', 'something-else': 1 });
    const store = new MemoryWorkspaceStore();
    await migrateOldStorage({ store, localStorage: memoryStorage(), indexedDB });
    expect(await readDocuments(indexedDB)).toEqual({ 'something-else': 1 });
  });

  it('does not wait for a tab of an older version that keeps the old database open', async () => {
    const indexedDB = new IDBFactory();
    await writeDocuments(indexedDB, { 'generator-source': 'text' });
    const oldTab = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('specform');
      req.onsuccess = () => resolve(req.result);
    });
    const store = new MemoryWorkspaceStore();
    const result = await migrateOldStorage({ store, localStorage: memoryStorage(), indexedDB });
    expect(result).toEqual({ migrated: ['local'], skipped: [] });
    // The records are gone at once (as the old tab sees them); the database when it lets go.
    expect(
      await new Promise((resolve) => {
        const req = oldTab.transaction('documents', 'readonly').objectStore('documents').count();
        req.onsuccess = () => resolve(req.result);
      }),
    ).toBe(0);
    oldTab.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await databaseNames(indexedDB)).toEqual([]);
  });

  it('deletes nothing when writing a record fails, and never throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const indexedDB = new IDBFactory();
    const localStorage = await everyFormat(indexedDB);
    const before = new Map(localStorage.map);
    const documentsBefore = await readDocuments(indexedDB);
    const inner = new MemoryWorkspaceStore();
    let puts = 0;
    const failing: WorkspaceStore = {
      get: (name) => inner.get(name),
      delete: (name) => inner.delete(name),
      names: () => inner.names(),
      put: (name, record) => {
        if (++puts === 2) return Promise.reject(new Error('QuotaExceededError'));
        return inner.put(name, record);
      },
    };
    const result = await migrateOldStorage({ store: failing, localStorage, indexedDB });
    expect(result.migrated).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
    expect(localStorage.map).toEqual(before);
    expect(await readDocuments(indexedDB)).toEqual(documentsBefore);
    expect((await databaseNames(indexedDB)).sort()).toEqual(['specform', 'specform-projects']);

    // The next start finishes the job, leaving the record written first as it is.
    const written = [...inner.records.keys()];
    const next = await migrateOldStorage({ store: inner, localStorage, indexedDB });
    expect(next.skipped).toEqual(written);
    expect((await inner.names()).sort()).toEqual(['local', 'project:p1', 'project:p2']);
    expect(await databaseNames(indexedDB)).toEqual([]);
  });

  it('never throws when the store cannot even be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken: WorkspaceStore = {
      get: () => Promise.reject(new Error('IndexedDB unavailable')),
      put: () => Promise.reject(new Error('IndexedDB unavailable')),
      delete: () => Promise.reject(new Error('IndexedDB unavailable')),
      names: () => Promise.reject(new Error('IndexedDB unavailable')),
    };
    const localStorage = memoryStorage({ [FORM]: FORM_V1 });
    const result = await migrateOldStorage({
      store: broken,
      localStorage,
      indexedDB: new IDBFactory(),
    });
    expect(result).toEqual({ migrated: [], skipped: [] });
    expect(localStorage.getItem(FORM)).toBe(FORM_V1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('works without IndexedDB (localStorage only)', async () => {
    const store = new MemoryWorkspaceStore();
    const localStorage = memoryStorage({ [FORM]: FORM_V1 });
    const result = await migrateOldStorage({ store, localStorage });
    expect(result).toEqual({ migrated: ['local'], skipped: [] });
    expect(localStorage.map.size).toBe(0);
  });
});
