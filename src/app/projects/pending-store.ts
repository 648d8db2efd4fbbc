/**
 * Changes not yet on the server, kept in IndexedDB (issue 12 point 3): one record per project,
 * the document text and view state as strings (structured clone of a string is a copy, not a
 * walk over an object tree), plus the revision the change is based on.
 */

export interface PendingChange {
  projectId: string;
  /** The server revision the change was made on. */
  baseRevision: number;
  content: string;
  /** JSON text of the view state, or null. */
  viewStateJson: string | null;
  /** When it was kept (ms). */
  keptAt: number;
}

export interface PendingStore {
  get(projectId: string): Promise<PendingChange | undefined>;
  put(change: PendingChange): Promise<void>;
  delete(projectId: string): Promise<void>;
}

const DB_NAME = 'specform-projects';
const STORE = 'pending';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) {
        req.result.createObjectStore(STORE, { keyPath: 'projectId' });
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
    req.onblocked = () => reject(new Error('IndexedDB blocked'));
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

async function run<T>(
  mode: IDBTransactionMode,
  fn: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  const tx = db.transaction(STORE, mode);
  const result = request(fn(tx.objectStore(STORE)));
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  return result;
}

/** The browser's IndexedDB store; an in-memory one where IndexedDB is missing (tests). */
export function browserPendingStore(): PendingStore {
  if (typeof indexedDB === 'undefined') return memoryPendingStore();
  return {
    get: (projectId) => run('readonly', (s) => s.get(projectId) as IDBRequest<PendingChange>),
    put: async (change) => {
      await run('readwrite', (s) => s.put(change));
    },
    delete: async (projectId) => {
      await run('readwrite', (s) => s.delete(projectId));
    },
  };
}

export function memoryPendingStore(): PendingStore {
  const map = new Map<string, PendingChange>();
  return {
    get: (projectId) => Promise.resolve(map.get(projectId)),
    put: (change) => {
      map.set(change.projectId, change);
      return Promise.resolve();
    },
    delete: (projectId) => {
      map.delete(projectId);
      return Promise.resolve();
    },
  };
}
