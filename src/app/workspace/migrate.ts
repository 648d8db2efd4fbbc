/**
 * The one-time move of every older stored format into the workspace store: each
 * workspace becomes one record `{ text, viewState, baseRevision }` (workspace-store.ts). The old
 * formats are read by legacy.ts; this file finds the workspaces, builds their records, writes
 * them, and only then deletes the old data. Safe to run on every start: with nothing old left it
 * reads a few localStorage keys and the list of databases, and it never throws (a failure leaves
 * the old data where it was, for the next start to try again).
 */
import type { WorkspaceRecord, WorkspaceStore } from './workspace-store';
import type { WorkspaceViewState } from './view-state';
import {
  classifyDocumentKey,
  currentSourceKey,
  decodeDocumentPanel,
  decodeForm,
  decodeFormRevision,
  decodeOutput,
  decodeOutputChange,
  decodePending,
  decodeSource,
  FORM_KEY,
  FORM_REVISION_KEY,
  formEntryKey,
  IN_INDEXED_DB,
  isWorkspaceKey,
  LEGACY_DB,
  LEGACY_SOURCE_KEY,
  LEGACY_STORE,
  OLD_FORM_OWNER_KEY,
  outputKey,
  PENDING_DB,
  PENDING_STORE,
  projectOfScope,
  projectScope,
  sourceKey,
  splitScopedKey,
  type LegacyForm,
  type LegacyOutput,
  type LegacyPending,
} from './legacy';

export interface MigrationOptions {
  store: WorkspaceStore;
  /** Default: the browser's localStorage (none where it is missing or refused). */
  localStorage?: Storage;
  /** Default: the browser's IndexedDB (none where it is missing). */
  indexedDB?: IDBFactory;
}

export interface MigrationResult {
  /** The workspaces whose record this run wrote. */
  migrated: string[];
  /**
   * The workspaces with old data this run wrote no record for: the store had one already
   * (another tab, or the new code, wrote it first), or there was nothing worth keeping (see
   * {@link buildRecord}). Their old data is deleted like the rest.
   */
  skipped: string[];
}

/** One migration at a time across tabs (where Web Locks exist). */
const LOCK_NAME = 'specform-migrate-storage';

/** The old data of one workspace. */
interface OldWorkspace {
  name: string;
  scope: string;
  form?: LegacyForm;
  panel: ReturnType<typeof decodeDocumentPanel>;
  /** Whether the project's form-revision key is there at all ('' counts: a new project). */
  hasFormRevision: boolean;
  formRevision?: number;
  output?: LegacyOutput;
  source?: string | Blob;
  pending?: LegacyPending;
}

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // refused (a sandboxed frame, storage blocked)
  }
}

function browserIndexedDb(): IDBFactory | undefined {
  try {
    return globalThis.indexedDB ?? undefined;
  } catch {
    return undefined;
  }
}

function storageKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** The workspace scope an old localStorage key belongs to; undefined for other keys. */
function scopeOfStorageKey(key: string): string | undefined {
  if (isWorkspaceKey(key)) return '';
  const scoped = splitScopedKey(key);
  return scoped !== undefined && isWorkspaceKey(scoped.rest)
    ? projectScope(scoped.projectId)
    : undefined;
}

/** A localStorage key an older version wrote that the migration deletes. */
function isOldStorageKey(key: string): boolean {
  return key === OLD_FORM_OWNER_KEY || scopeOfStorageKey(key) !== undefined;
}

function workspaceName(scope: string): string {
  const projectId = projectOfScope(scope);
  return projectId === undefined ? 'local' : `project:${projectId}`;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * Opens an old database only if it exists: opening a missing one would create it, so an open
 * that finds none (an upgrade from version 0) is aborted, which leaves no database behind.
 */
function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    let req: IDBOpenDBRequest;
    try {
      req = factory.open(name);
    } catch {
      resolve(undefined);
      return;
    }
    req.onupgradeneeded = (event) => {
      if (event.oldVersion === 0) req.transaction?.abort();
    };
    req.onsuccess = () => {
      const db = req.result;
      // A newer version of the app deleting it in another tab: let it.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = (event) => {
      event.preventDefault();
      resolve(undefined);
    };
    req.onblocked = () => resolve(undefined);
  });
}

/**
 * Which old databases may exist: `databases()` where the browser has it; otherwise both are
 * tried ({@link openExisting} creates none).
 */
async function oldDatabases(factory: IDBFactory): Promise<Set<string>> {
  const all = new Set([LEGACY_DB, PENDING_DB]);
  if (typeof factory.databases !== 'function') return all;
  try {
    const listed = await factory.databases();
    return new Set(
      listed.map((info) => info.name).filter((name) => name && all.has(name)) as string[],
    );
  } catch {
    return all;
  }
}

/** The values of `keys` in one read transaction. */
function readValues(
  db: IDBDatabase,
  storeName: string,
  keys: readonly string[],
): Promise<Map<string, unknown>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, unknown>();
    const tx = db.transaction(storeName, 'readonly');
    const store = tx.objectStore(storeName);
    for (const key of keys) {
      const req = store.get(key);
      req.onsuccess = () => out.set(key, req.result);
    }
    tx.oncomplete = () => resolve(out);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB read failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB read aborted'));
  });
}

async function allKeys(db: IDBDatabase, storeName: string): Promise<IDBValidKey[]> {
  return request(db.transaction(storeName, 'readonly').objectStore(storeName).getAllKeys());
}

function deleteKeys(
  db: IDBDatabase,
  storeName: string,
  keys: readonly IDBValidKey[],
): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(storeName, 'readwrite');
    const store = tx.objectStore(storeName);
    for (const key of keys) store.delete(key);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB delete failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB delete aborted'));
  });
}

/**
 * Deletes a database; resolves without waiting when a tab of an older version still has it
 * open (the deletion then happens when that tab lets go).
 */
function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve) => {
    const req = factory.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => resolve();
    req.onblocked = () => resolve();
  });
}

/** What the old `specform` database holds: its keys, and the values the migration reads. */
interface LegacyDocuments {
  db: IDBDatabase;
  /** The keys an old version wrote (any other key is left alone, and then the database). */
  known: IDBValidKey[];
  values: Map<string, unknown>;
  scopes: Set<string>;
}

async function readLegacyDocuments(db: IDBDatabase): Promise<LegacyDocuments | undefined> {
  if (!db.objectStoreNames.contains(LEGACY_STORE)) return undefined;
  const keys = await allKeys(db, LEGACY_STORE);
  const known: IDBValidKey[] = [];
  const wanted: string[] = [];
  const scopes = new Set<string>();
  for (const key of keys) {
    const kind = typeof key === 'string' ? classifyDocumentKey(key) : undefined;
    if (kind === undefined) continue;
    known.push(key);
    if (kind.scope !== undefined) scopes.add(kind.scope);
    // Kept texts are read once it is known which ones are named (below).
    if (kind.kind !== 'source') wanted.push(key as string);
  }
  const values = await readValues(db, LEGACY_STORE, wanted);
  return { db, known, values, scopes };
}

/** The old data of every workspace: from localStorage, `specform` and `specform-projects`. */
async function collect(
  storage: Storage | undefined,
  documents: LegacyDocuments | undefined,
  pending: LegacyPending[],
): Promise<OldWorkspace[]> {
  const keys = storage === undefined ? [] : storageKeys(storage);
  const scopes = new Set<string>(documents?.scopes ?? []);
  for (const key of keys) {
    const scope = scopeOfStorageKey(key);
    if (scope !== undefined) scopes.add(scope);
  }
  for (const change of pending) scopes.add(projectScope(change.projectId));
  const pendingByScope = new Map(pending.map((change) => [projectScope(change.projectId), change]));
  const values = documents?.values ?? new Map<string, unknown>();

  const workspaces: OldWorkspace[] = [];
  const sourceIds = new Map<OldWorkspace, string[]>();
  for (const scope of scopes) {
    const local = (key: string) => storage?.getItem(scope + key);
    const inIndexedDb = local(FORM_KEY) === IN_INDEXED_DB;
    const formEntry = (key: string) => {
      const value = values.get(formEntryKey(scope, key));
      return typeof value === 'string' ? value : undefined;
    };
    const revisionText = local(FORM_REVISION_KEY);
    const workspace: OldWorkspace = {
      name: workspaceName(scope),
      scope,
      form: decodeForm(inIndexedDb ? formEntry : local),
      panel: decodeDocumentPanel(local),
      hasFormRevision: revisionText !== null && revisionText !== undefined,
      formRevision: decodeFormRevision(revisionText),
      output: decodeOutput(values.get(outputKey(scope))),
      pending: pendingByScope.get(scope),
    };
    // The text the saved form's id-only entries are views of comes first (the old reader opened
    // that one for them), then the scope's current one.
    const ids: string[] = [];
    if (workspace.form?.base !== undefined) ids.push(workspace.form.base);
    const current = values.get(currentSourceKey(scope));
    if (typeof current === 'string') ids.push(current);
    sourceIds.set(workspace, ids);
    if (scope === '' && ids.length === 0) {
      workspace.source = decodeSource(values.get(LEGACY_SOURCE_KEY));
    }
    workspaces.push(workspace);
  }
  // The kept texts named, read in one go (a Blob is a handle: nothing is decoded).
  if (documents !== undefined) {
    const named = [...new Set([...sourceIds.values()].flat())].map(sourceKey);
    const texts =
      named.length > 0 ? await readValues(documents.db, LEGACY_STORE, named) : new Map();
    for (const [workspace, ids] of sourceIds) {
      for (const id of ids) {
        const text = decodeSource(texts.get(sourceKey(id)));
        if (text !== undefined) {
          workspace.source = text;
          break;
        }
      }
    }
  }
  return workspaces;
}

/**
 * A workspace's record, or undefined when there is nothing worth keeping:
 * - the text is the output record's (the latest document, generated from the form), else the
 *   kept text, else ''; a project's pending change wins over all of it (unsynced work), with its
 *   base revision;
 * - a project without a pending change is kept only when the revision its form was saved at is
 *   known: otherwise the old version would have rebuilt its form from the server's document on
 *   the next open, and the kept text is a copy of what the server has;
 * - a project's saved form is laid over a pending change only when the project had a form
 *   revision key (as the old version did: with none it rebuilt the form from the change).
 */
function buildRecord(old: OldWorkspace, now: number): WorkspaceRecord | undefined {
  const project = old.scope !== '';
  let text: string | Blob;
  let outputJson: string | null = null;
  let baseRevision: number | null = null;
  let pending = false;
  let form = old.form;
  if (old.pending !== undefined) {
    text = old.pending.content;
    outputJson = old.pending.viewStateJson;
    baseRevision = old.pending.baseRevision;
    pending = true;
    if (!old.hasFormRevision) form = undefined;
  } else {
    if (project && old.formRevision === undefined) return undefined;
    if (old.output !== undefined) {
      text = old.output.text;
      outputJson = old.output.viewStateJson;
    } else {
      text = old.source ?? '';
    }
    if (project) baseRevision = old.formRevision ?? null;
  }
  const { meta, schemas } = old.panel;
  const hasPanel = meta !== undefined || schemas !== undefined;
  const empty = typeof text === 'string' ? text === '' : text.size === 0;
  if (!pending && form === undefined && empty && !hasPanel) return undefined;

  const viewState: WorkspaceViewState = { v: 2 };
  const output = decodeOutputChange(outputJson);
  if (output !== undefined) viewState.output = output;
  if (form !== undefined && form.collapsed.length > 0) viewState.collapsed = form.collapsed;
  // Without a saved form the document panel goes along only with an empty text (there are no
  // views for an empty order to remove); a text holds its own document panel.
  if (form !== undefined || (empty && hasPanel)) {
    viewState.form = { order: form?.order ?? [], drafts: form?.drafts ?? [] };
    if (meta !== undefined) viewState.form.meta = meta;
    if (schemas !== undefined) viewState.form.schemas = schemas;
  }
  const record: WorkspaceRecord = { text, viewState, baseRevision, savedAt: now };
  if (pending) record.pending = true;
  return record;
}

/** Quick look: is there any old data at all? */
async function anythingOld(
  storage: Storage | undefined,
  factory: IDBFactory | undefined,
): Promise<{ storage: boolean; databases: Set<string> }> {
  let inStorage = false;
  if (storage !== undefined) {
    inStorage = storageKeys(storage).some(isOldStorageKey);
  }
  const databases = factory === undefined ? new Set<string>() : await oldDatabases(factory);
  return { storage: inStorage, databases };
}

async function run(
  options: MigrationOptions,
  storage: Storage | undefined,
  factory: IDBFactory | undefined,
): Promise<MigrationResult> {
  const result: MigrationResult = { migrated: [], skipped: [] };
  let documentsDb: IDBDatabase | undefined;
  let pendingDb: IDBDatabase | undefined;
  try {
    // Looked at again here: another tab may have migrated while this one waited for the lock.
    const { databases } = await anythingOld(storage, factory);
    // Read everything first.
    let documents: LegacyDocuments | undefined;
    let pending: LegacyPending[] = [];
    let pendingKeys: IDBValidKey[] = [];
    if (factory !== undefined && databases.has(LEGACY_DB)) {
      documentsDb = await openExisting(factory, LEGACY_DB);
      if (documentsDb !== undefined) documents = await readLegacyDocuments(documentsDb);
    }
    if (factory !== undefined && databases.has(PENDING_DB)) {
      pendingDb = await openExisting(factory, PENDING_DB);
      if (pendingDb?.objectStoreNames.contains(PENDING_STORE)) {
        const tx = pendingDb.transaction(PENDING_STORE, 'readonly');
        const [keys, values] = await Promise.all([
          request(tx.objectStore(PENDING_STORE).getAllKeys()),
          request(tx.objectStore(PENDING_STORE).getAll()),
        ]);
        pendingKeys = keys;
        pending = values.map(decodePending).filter((change) => change !== undefined);
      }
    }
    // The localStorage keys read (a key an older tab writes after this is left for next time).
    const oldKeys = storage === undefined ? [] : storageKeys(storage).filter(isOldStorageKey);
    const workspaces = await collect(storage, documents, pending);

    // Then write every record; an existing one is never replaced.
    const now = Date.now();
    for (const old of workspaces) {
      const record = buildRecord(old, now);
      if (record === undefined || (await options.store.get(old.name)) !== undefined) {
        result.skipped.push(old.name);
        continue;
      }
      await options.store.put(old.name, record);
      result.migrated.push(old.name);
    }

    // Every record is written: the old data goes.
    for (const key of oldKeys) {
      try {
        storage?.removeItem(key);
      } catch {
        // removed next time
      }
    }
    if (factory !== undefined) {
      await deleteOld(factory, documentsDb, LEGACY_DB, LEGACY_STORE, documents?.known ?? []);
      documentsDb = undefined;
      await deleteOld(factory, pendingDb, PENDING_DB, PENDING_STORE, pendingKeys);
      pendingDb = undefined;
    }
    return result;
  } catch (error) {
    console.warn('Older saved work could not be moved to the new storage; it is kept', error);
    return result;
  } finally {
    documentsDb?.close();
    pendingDb?.close();
  }
}

/** Deletes the records read, then the database when nothing else is left in it. */
async function deleteOld(
  factory: IDBFactory,
  db: IDBDatabase | undefined,
  name: string,
  storeName: string,
  keys: readonly IDBValidKey[],
): Promise<void> {
  if (db === undefined) return;
  try {
    if (!db.objectStoreNames.contains(storeName)) return;
    if (keys.length > 0) await deleteKeys(db, storeName, keys);
    const left = await request(
      db.transaction(storeName, 'readonly').objectStore(storeName).count(),
    );
    db.close();
    if (left === 0 && db.objectStoreNames.length === 1) await deleteDatabase(factory, name);
  } catch (error) {
    console.warn(`Older saved data in ${name} could not be deleted`, error);
  } finally {
    db.close();
  }
}

/**
 * Moves every workspace kept in an older format into `store`, once; see the top of this file.
 * Answers which workspaces got a record and which were left as the store had them.
 */
export async function migrateOldStorage(options: MigrationOptions): Promise<MigrationResult> {
  try {
    const storage = options.localStorage ?? browserStorage();
    const factory = options.indexedDB ?? browserIndexedDb();
    const found = await anythingOld(storage, factory);
    if (!found.storage && found.databases.size === 0) return { migrated: [], skipped: [] };
    const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
    if (locks === undefined) return await run(options, storage, factory);
    // Another tab migrating now: wait for it, then find what it left (usually nothing).
    return await locks.request(LOCK_NAME, () => run(options, storage, factory));
  } catch (error) {
    console.warn('Older saved work could not be moved to the new storage; it is kept', error);
    return { migrated: [], skipped: [] };
  }
}
