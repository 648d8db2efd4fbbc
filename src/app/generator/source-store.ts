/**
 * The text of the document the form is a view of (issue 10), kept in IndexedDB beside the
 * saved form: after a reload the worker re-opens it, and the restored views (same ids) are
 * edits of it, so Generate again changes only what the form changed. IndexedDB because a
 * loaded document can be megabytes (localStorage holds the form itself).
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

/** Keeps the document text ('' for a new document); failures are logged, never thrown. */
export async function saveSource(text: string): Promise<void> {
  const db = await openDb();
  if (db === undefined) return;
  await new Promise<void>((resolve) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(text, KEY);
    tx.oncomplete = () => resolve();
    tx.onerror = () => {
      console.warn('Could not keep the document text', tx.error);
      resolve();
    };
    tx.onabort = tx.onerror;
  });
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

const FORM_KEY = 'generator-form';

/**
 * Keeps the saved form's storage entries (key → JSON text) here when localStorage cannot hold
 * them (a loaded Stripe-size document is over 5 M characters, localStorage's quota); resolves
 * false when IndexedDB refused too.
 */
export async function saveFormEntries(entries: Record<string, string>): Promise<boolean> {
  const db = await openDb();
  if (db === undefined) return false;
  const ok = await new Promise<boolean>((resolve) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(entries, FORM_KEY);
    tx.oncomplete = () => resolve(true);
    tx.onerror = () => {
      console.warn('Could not keep the form in IndexedDB', tx.error);
      resolve(false);
    };
    tx.onabort = tx.onerror;
  });
  db.close();
  return ok;
}

/** The form entries kept by {@link saveFormEntries}, or undefined. */
export async function loadFormEntries(): Promise<Record<string, string> | undefined> {
  const db = await openDb();
  if (db === undefined) return undefined;
  const entries = await new Promise<Record<string, string> | undefined>((resolve) => {
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(FORM_KEY);
    request.onsuccess = () =>
      resolve(
        request.result !== null && typeof request.result === 'object'
          ? (request.result as Record<string, string>)
          : undefined,
      );
    request.onerror = () => resolve(undefined);
  });
  db.close();
  return entries;
}
