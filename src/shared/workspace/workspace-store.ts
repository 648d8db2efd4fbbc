/**
 * The one store of workspace records: one IndexedDB object store keyed by the
 * workspace name, `{ text, viewState, baseRevision }` each (see src/app/workspace/workspace-store.ts
 * for what a record holds). Shared by the page and the document worker, which writes the record
 * after each batch (record-keeper.ts); IndexedDB is there in both.
 */
import type { KeptViewState } from './record-keeper';

export interface WorkspaceRecord {
  /** The document text ('' when there is none yet). */
  text: string | Blob;
  viewState: KeptViewState;
  /** The server revision a project's record is based on; null for the browser's own. */
  baseRevision: number | null;
  /** A project's record the server has not got yet (saved offline, or not yet pushed). */
  pending?: boolean;
  /** When it was written (ms since the epoch). */
  savedAt: number;
  /**
   * The document core that built it (its keeper's id) and the session's revision then: a journal
   * of commands over an older record of that core keeps those made after this revision.
   */
  built?: { keeper: string; revision: number };
  /**
   * The output change's text when it is large, as a Blob made in slices; the view
   * state's `output.text` is '' then. A store's `get` puts it back into the view state, so no
   * reader sees it. Putting a 13 MB change as a string cloned it in one main-thread task.
   */
  outputText?: Blob;
}

export interface WorkspaceStore {
  get(name: string): Promise<WorkspaceRecord | undefined>;
  put(name: string, record: WorkspaceRecord): Promise<void>;
  delete(name: string): Promise<void>;
  /** Every workspace name that has a record. */
  names(): Promise<string[]>;
}

export const WORKSPACE_DB = 'specform-workspaces';
export const WORKSPACE_STORE = 'workspaces';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The IndexedDB store (one database, one object store keyed by workspace name). */
export class IndexedDbWorkspaceStore implements WorkspaceStore {
  private opening: Promise<IDBDatabase> | undefined;

  constructor(
    private readonly factory: IDBFactory = indexedDB,
    private readonly dbName = WORKSPACE_DB,
  ) {}

  private open(): Promise<IDBDatabase> {
    this.opening ??= this.openVersion().catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  /**
   * Opens the database (at its current version, or `version`); a database someone made
   * without the store (a page script opening it by name) is upgraded once more to add it.
   */
  private openVersion(version?: number): Promise<IDBDatabase> {
    return new Promise<IDBDatabase>((resolve, reject) => {
      const req =
        version === undefined
          ? this.factory.open(this.dbName)
          : this.factory.open(this.dbName, version);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(WORKSPACE_STORE)) {
          req.result.createObjectStore(WORKSPACE_STORE);
        }
      };
      req.onsuccess = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains(WORKSPACE_STORE)) {
          db.close();
          resolve(this.openVersion(db.version + 1));
          return;
        }
        // Another tab upgrading (a newer version of the app) closes ours instead of blocking it.
        db.onversionchange = () => {
          db.close();
          this.opening = undefined;
        };
        resolve(db);
      };
      req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
      req.onblocked = () => reject(new Error('IndexedDB blocked'));
    });
  }

  private async run<T>(
    mode: IDBTransactionMode,
    fn: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> {
    const db = await this.open();
    const tx = db.transaction(WORKSPACE_STORE, mode);
    const result = request(fn(tx.objectStore(WORKSPACE_STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    return result;
  }

  async get(name: string): Promise<WorkspaceRecord | undefined> {
    const value: unknown = await this.run('readonly', (store) => store.get(name));
    return isRecord(value) ? withOutputText(value) : undefined;
  }

  async put(name: string, record: WorkspaceRecord): Promise<void> {
    await this.run('readwrite', (store) => store.put(record, name));
  }

  async delete(name: string): Promise<void> {
    await this.run('readwrite', (store) => store.delete(name));
  }

  async names(): Promise<string[]> {
    const keys = await this.run('readonly', (store) => store.getAllKeys());
    return keys.filter((key): key is string => typeof key === 'string');
  }
}

function isRecord(value: unknown): value is WorkspaceRecord {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Partial<WorkspaceRecord>;
  const text = record.text;
  return (
    (typeof text === 'string' || (typeof Blob !== 'undefined' && text instanceof Blob)) &&
    typeof record.viewState === 'object' &&
    record.viewState !== null
  );
}

/** The record with a large output change's text (kept as a Blob beside it) put back in place. */
export async function withOutputText(record: WorkspaceRecord): Promise<WorkspaceRecord> {
  const { outputText, ...rest } = record;
  const output = rest.viewState.output;
  if (outputText === undefined) return record;
  if (output === undefined || !(outputText instanceof Blob)) return rest;
  const text = await outputText.text();
  return { ...rest, viewState: { ...rest.viewState, output: { ...output, text } } };
}
