/**
 * The text of the document the form is a view of (issue 10), kept in IndexedDB beside the
 * saved form: after a reload the worker re-opens it, and the restored views (same ids) are
 * edits of it, so Generate again changes only what the form changed. IndexedDB because a
 * loaded document can be megabytes. The saved form itself lives in localStorage, and here
 * too when it outgrows localStorage's quota (see persistence.ts).
 */
const DB_NAME = 'specform';
const STORE = 'documents';
const KEY = 'generator-source';

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

/** Keeps the document text ('' for a new document); failures are logged, never thrown. */
export async function saveSource(text: string): Promise<void> {
  const db = await openDb();
  if (db === undefined) return;
  await write(db, 'Could not keep the document text', (store) => store.put(text, KEY));
  db.close();
}

/** The kept document text, or undefined when there is none (or no IndexedDB). */
export async function loadSource(): Promise<string | undefined> {
  const db = await openDb();
  if (db === undefined) return undefined;
  const text = await new Promise<string | undefined>((resolve) => {
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY);
    request.onsuccess = () =>
      resolve(typeof request.result === 'string' ? request.result : undefined);
    request.onerror = () => resolve(undefined);
  });
  db.close();
  return text;
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
): Promise<boolean> {
  const db = await openDb();
  if (db === undefined) return false;
  let ok = true;
  for (const [key, text] of changed) {
    ok &&= await write(db, FORM_FAILURE, (store) => store.put(text, FORM_PREFIX + key));
  }
  const gone = [...removed];
  if (ok && gone.length > 0) {
    ok = await write(db, FORM_FAILURE, (store) => {
      for (const key of gone) store.delete(FORM_PREFIX + key);
    });
  }
  db.close();
  return ok;
}

/** The form entries kept by {@link saveFormEntries}, or undefined when there are none. */
export async function loadFormEntries(): Promise<Record<string, string> | undefined> {
  const db = await openDb();
  if (db === undefined) return undefined;
  const range = IDBKeyRange.bound(FORM_PREFIX, `${FORM_PREFIX}\uffff`);
  const entries = await new Promise<Record<string, string> | undefined>((resolve) => {
    const store = db.transaction(STORE, 'readonly').objectStore(STORE);
    const keys = store.getAllKeys(range);
    const values = store.getAll(range);
    values.onsuccess = () => {
      const out: Record<string, string> = {};
      (keys.result ?? []).forEach((key, i) => {
        const value: unknown = values.result[i];
        if (typeof key === 'string' && typeof value === 'string') {
          out[key.slice(FORM_PREFIX.length)] = value;
        }
      });
      resolve(Object.keys(out).length > 0 ? out : undefined);
    };
    values.onerror = () => resolve(undefined);
  });
  db.close();
  return entries;
}
