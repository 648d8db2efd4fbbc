/**
 * The text of the document the form is a view of (issue 10), kept in IndexedDB beside the
 * saved form: after a reload the worker re-opens it, and the restored views (same ids) are
 * edits of it, so Generate again changes only what the form changed. IndexedDB because a
 * loaded document can be megabytes. The saved form itself lives in localStorage, and here
 * too when it outgrows localStorage's quota (see persistence.ts); a large loaded document's
 * unchanged views are saved as ids of the text kept here (persistence.ts, DocumentBase).
 */
const DB_NAME = 'specform';
const STORE = 'documents';

function openDb(): Promise<IDBDatabase | undefined> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) {
        request.result.createObjectStore(STORE);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
  });
}

/** One write transaction; resolves whether it committed. */
function write(
  db: IDBDatabase,
  failure: string,
  run: (store: IDBObjectStore) => void,
): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const tx = db.transaction(STORE, 'readwrite');
    run(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(true);
    tx.onerror = () => {
      console.warn(failure, tx.error);
      resolve(false);
    };
    tx.onabort = tx.onerror;
  });
}

/** Where the older pages kept the text itself (read still; replaced on the next save). */
const LEGACY_KEY = 'generator-source';
/** The id of the text kept last (the one a new saved form belongs to). */
const CURRENT_KEY = 'generator-source-id';
/** The current text's id of a workspace (see workspace.ts): the browser's own keeps the old key. */
function currentKey(scope: string): string {
  return scope === '' ? CURRENT_KEY : `${CURRENT_KEY}@${scope}`;
}
/** Kept texts are records `source:<id>`, Blobs (see {@link saveSource}). */
const SOURCE_PREFIX = 'source:';
const SOURCE_FAILURE = 'Could not keep the document text';

function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36)}`;
}

/**
 * Keeps the document text ('' for a new document) and answers its id, or undefined when it
 * could not be kept (no IndexedDB); failures are logged, never thrown. Pass a Blob made in the
 * worker where the text is large: putting a 4 MB string clones it on the main thread (a 50 ms
 * task), and so does making a Blob of it here; a Blob is handed over as it is. Older texts are dropped, except those in `keep` (the one the saved form names:
 * it stays until a form naming the new one is saved) and every workspace's current one; `scope`
 * names the workspace (workspace.ts).
 */
export async function saveSource(
  text: string | Blob,
  keep: Iterable<string | undefined> = [],
  scope = '',
): Promise<string | undefined> {
  const db = await openDb();
  if (db === undefined) return undefined;
  const id = newId();
  const kept = new Set([id, ...keep].filter((k) => k !== undefined).map((k) => SOURCE_PREFIX + k));
  const value = text;
  const ok = await write(db, SOURCE_FAILURE, (store) => {
    store.put(value, SOURCE_PREFIX + id);
    store.put(id, currentKey(scope));
    if (scope === '') store.delete(LEGACY_KEY);
    // Every workspace's current text stays (issue 18.3: one workspace never drops another's).
    const currents = store.getAll(IDBKeyRange.bound(CURRENT_KEY, `${CURRENT_KEY}\uffff`));
    currents.onsuccess = () => {
      for (const current of currents.result) {
        if (typeof current === 'string') kept.add(SOURCE_PREFIX + current);
      }
      const keys = store.getAllKeys(IDBKeyRange.bound(SOURCE_PREFIX, `${SOURCE_PREFIX}\uffff`));
      keys.onsuccess = () => {
        for (const key of keys.result) if (!kept.has(String(key))) store.delete(key);
      };
    };
  });
  db.close();
  return ok ? id : undefined;
}

function read(db: IDBDatabase, key: string): Promise<unknown> {
  return new Promise((resolve) => {
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
  });
}

/** A kept text: a string, or a Blob (read by the worker, never decoded in the page). */
function asSource(value: unknown): string | Blob | undefined {
  if (typeof value === 'string') return value;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value;
  return undefined;
}

/** The text kept under `id` by {@link saveSource}, or undefined when it is gone. */
export async function loadSourceById(id: string): Promise<string | Blob | undefined> {
  const db = await openDb();
  if (db === undefined) return undefined;
  try {
    return asSource(await read(db, SOURCE_PREFIX + id));
  } finally {
    db.close();
  }
}

/** The workspace's text kept last, or undefined when there is none (or no IndexedDB). */
export async function loadSource(scope = ''): Promise<string | Blob | undefined> {
  const db = await openDb();
  if (db === undefined) return undefined;
  try {
    const id = await read(db, currentKey(scope));
    if (typeof id === 'string') return asSource(await read(db, SOURCE_PREFIX + id));
    return scope === '' ? asSource(await read(db, LEGACY_KEY)) : undefined;
  } finally {
    db.close();
  }
}

/** Form entries are records `form:<storage key>` beside the document text. */
const FORM_PREFIX = 'form:';
const FORM_FAILURE = 'Could not keep the form in IndexedDB';

/**
 * Keeps changed entries of the saved form (key → JSON text) and drops removed ones, when
 * localStorage cannot hold the form (a loaded Stripe-size document is over 5 M characters, its
 * quota). One transaction per entry, so no task clones megabytes at once; resolves false when
 * IndexedDB refused.
 */
export async function saveFormEntries(
  changed: ReadonlyMap<string, string>,
  removed: Iterable<string> = [],
  scope = '',
): Promise<boolean> {
  const db = await openDb();
  if (db === undefined) return false;
  let ok = true;
  for (const [key, text] of changed) {
    ok &&= await write(db, FORM_FAILURE, (store) => store.put(text, FORM_PREFIX + scope + key));
  }
  const gone = [...removed];
  if (ok && gone.length > 0) {
    ok = await write(db, FORM_FAILURE, (store) => {
      for (const key of gone) store.delete(FORM_PREFIX + scope + key);
    });
  }
  db.close();
  return ok;
}

/**
 * The form entries of a workspace (`scope`) kept by {@link saveFormEntries} whose keys start with
 * `within`, or undefined when there are none.
 */
export async function loadFormEntries(
  scope = '',
  within = '',
): Promise<Record<string, string> | undefined> {
  const db = await openDb();
  if (db === undefined) return undefined;
  const from = FORM_PREFIX + scope + within;
  const range = IDBKeyRange.bound(from, `${from}\uffff`);
  const entries = await new Promise<Record<string, string> | undefined>((resolve) => {
    const store = db.transaction(STORE, 'readonly').objectStore(STORE);
    const keys = store.getAllKeys(range);
    const values = store.getAll(range);
    values.onsuccess = () => {
      const out: Record<string, string> = {};
      (keys.result ?? []).forEach((key, i) => {
        const value: unknown = values.result[i];
        if (typeof key === 'string' && typeof value === 'string') {
          out[key.slice(FORM_PREFIX.length + scope.length)] = value;
        }
      });
      resolve(Object.keys(out).length > 0 ? out : undefined);
    };
    values.onerror = () => resolve(undefined);
  });
  db.close();
  return entries;
}

/**
 * What the output editor of a workspace showed (issue 18.3: it survives navigation and reload):
 * the document text and the view state that holds the output editor's change to it, as a
 * project keeps them (`projectViewStateJson`). Strings, so putting one is a copy, not a walk.
 */
export interface OutputRecord {
  text: string;
  viewStateJson: string | null;
}

/** An output record as stored: its text may be a Blob (UTF-8), read back as a string. */
export interface StoredOutputRecord {
  text: string | Blob;
  viewStateJson: string | null;
}

const OUTPUT_PREFIX = 'output:';
const OUTPUT_FAILURE = "Could not keep the output editor's text";

/**
 * Keeps the workspace's output record; resolves whether it was kept. A large text is put as a
 * Blob made in slices (`blobInSlices`): putting a 4 MB string clones it in one main-thread task.
 */
export async function saveOutputRecord(
  scope: string,
  record: OutputRecord | StoredOutputRecord,
): Promise<boolean> {
  const db = await openDb();
  if (db === undefined) return false;
  const ok = await write(db, OUTPUT_FAILURE, (store) => store.put(record, OUTPUT_PREFIX + scope));
  db.close();
  return ok;
}

/** The workspace's output record, or undefined when there is none (or it is unreadable). */
export async function loadOutputRecord(scope: string): Promise<OutputRecord | undefined> {
  const db = await openDb();
  if (db === undefined) return undefined;
  try {
    const value = (await read(db, OUTPUT_PREFIX + scope)) as
      Partial<StoredOutputRecord> | undefined;
    const stored = value?.text;
    const text =
      typeof stored === 'string'
        ? stored
        : typeof Blob !== 'undefined' && stored instanceof Blob
          ? await stored.text()
          : undefined;
    if (text === undefined) return undefined;
    const viewStateJson = typeof value?.viewStateJson === 'string' ? value.viewStateJson : null;
    return { text, viewStateJson };
  } finally {
    db.close();
  }
}
