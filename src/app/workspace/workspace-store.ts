/**
 * One store, one record per workspace. The browser's own workspace (`local`) and
 * each project (`project:<id>`) are each one record `{ text, viewState, baseRevision }` in one
 * IndexedDB object store:
 * - `text` is the document (what Generate would write now, or the last text the form could be
 *   written as), a string or, when large, a Blob made in the worker (putting a 4 MB string
 *   clones it in one main-thread task; a Blob is handed over as it is);
 * - `viewState` is small: collapsed panels, the output editor's change to the text, and the form
 *   drafts the text cannot hold yet (see view-state.ts);
 * - `baseRevision` is the server revision a project's record is based on (null outside a
 *   project), and `pending` says whether the server has not got it yet.
 * Project sync pushes exactly this record; a reload opens the text in the worker's document
 * session and lays the view state over it (workspace/restore.ts).
 */
import {
  IndexedDbWorkspaceStore,
  withOutputText,
  type WorkspaceRecord,
  type WorkspaceStore,
} from '../../shared/workspace/workspace-store';
import { textOfBlob } from '../util/slices';

export {
  IndexedDbWorkspaceStore,
  WORKSPACE_DB,
  WORKSPACE_STORE,
  type WorkspaceRecord,
  type WorkspaceStore,
} from '../../shared/workspace/workspace-store';

/** A store in memory: where IndexedDB is missing (jsdom tests, a locked-down browser). */
export class MemoryWorkspaceStore implements WorkspaceStore {
  readonly records = new Map<string, WorkspaceRecord>();
  get(name: string): Promise<WorkspaceRecord | undefined> {
    const record = this.records.get(name);
    return record === undefined ? Promise.resolve(undefined) : withOutputText(record);
  }
  put(name: string, record: WorkspaceRecord): Promise<void> {
    this.records.set(name, record);
    return Promise.resolve();
  }
  delete(name: string): Promise<void> {
    this.records.delete(name);
    return Promise.resolve();
  }
  names(): Promise<string[]> {
    return Promise.resolve([...this.records.keys()]);
  }
}

/** The workspace name of a project (also its Web Lock and BroadcastChannel name). */
export function projectWorkspace(projectId: string): string {
  return `project:${projectId}`;
}

let shared: WorkspaceStore | undefined;

/** The app's store: IndexedDB, or memory where there is none. */
export function workspaceStore(): WorkspaceStore {
  shared ??=
    typeof indexedDB === 'undefined' ? new MemoryWorkspaceStore() : new IndexedDbWorkspaceStore();
  return shared;
}

/** Tests: use this store from now on (undefined: the default again). */
export function setWorkspaceStore(store: WorkspaceStore | undefined): void {
  shared = store;
}

/** The text of a record as a string (a Blob is read). */
export async function recordText(record: WorkspaceRecord): Promise<string> {
  return typeof record.text === 'string' ? record.text : textOfBlob(record.text);
}
