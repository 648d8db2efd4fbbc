/**
 * A project's record in the one store: project sync keeps there what the server
 * has not got yet (saved offline, refused, left before it was sent), as the project's
 * workspace record `{ text, viewState, baseRevision }` marked `pending`. Once the server has
 * it, the mark goes and the record stays as the last state this device saw.
 */
import { blobInSlices } from '../util/slices';
import {
  clearJournal,
  journaledOnServer,
  recordWithJournal,
  SERVER_BASE,
  writeJournal,
} from './journal';
import { readViewState } from './view-state';
import { recordText, workspaceStore, type WorkspaceStore } from './workspace-store';

/** Texts longer than this are put as a Blob made in slices (no task clones megabytes). */
const BLOB_ABOVE_CHARS = 256 * 1024;

/** A change the server has not got: the text, the view state as JSON, the revision it is on. */
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

/** What project sync keeps on the device. */
export interface PendingStore {
  get(projectId: string): Promise<PendingChange | undefined>;
  put(change: PendingChange): Promise<void>;
  /**
   * Keeps `change` at once, as the page goes away (a synchronous journal, journal.ts: the
   * store's write may be aborted with the page); {@link put} follows. `server`: the server's
   * text at the change's base revision (a large text is then journaled as its patch).
   */
  keepNow?(change: PendingChange, server?: string): void;
  /**
   * A change kept as the page went away as a patch of the server's text (a text too large for
   * the journal), made of `server` at `revision`; undefined when there is none.
   */
  keptOnServer?(projectId: string, server: string, revision: number): PendingChange | undefined;
  /** The server has it now: the record is no longer pending. */
  delete(projectId: string): Promise<void>;
}

/** The workspace name of a project (also its Web Lock and BroadcastChannel name). */
export function projectWorkspace(projectId: string): string {
  return `project:${projectId}`;
}

/** Project sync's pending changes, as the projects' records in `store`. */
export function projectRecords(store: WorkspaceStore = workspaceStore()): PendingStore {
  return {
    get: async (projectId) => {
      // With a change kept as the page went away, when the store did not get it.
      const record = await recordWithJournal(store, projectWorkspace(projectId));
      if (record?.pending !== true || record.baseRevision === null) return undefined;
      return {
        projectId,
        baseRevision: record.baseRevision,
        content: await recordText(record),
        viewStateJson: JSON.stringify(record.viewState),
        keptAt: record.savedAt,
      };
    },
    put: async (change) => {
      const text =
        change.content.length > BLOB_ABOVE_CHARS
          ? ((await blobInSlices(change.content)) ?? change.content)
          : change.content;
      await store.put(projectWorkspace(change.projectId), {
        text,
        viewState: readViewState(change.viewStateJson),
        baseRevision: change.baseRevision,
        pending: true,
        savedAt: change.keptAt,
      });
      clearJournal(projectWorkspace(change.projectId), change.keptAt);
    },
    keepNow: (change, server) => {
      writeJournal(
        projectWorkspace(change.projectId),
        change.content,
        readViewState(change.viewStateJson),
        server === undefined ? undefined : { text: server, savedAt: SERVER_BASE },
        change.keptAt,
        change.baseRevision,
      );
    },
    keptOnServer: (projectId, server, revision) => {
      const kept = journaledOnServer(projectWorkspace(projectId), server, revision);
      return kept === undefined
        ? undefined
        : {
            projectId,
            baseRevision: revision,
            content: kept.text,
            viewStateJson: JSON.stringify(kept.viewState),
            keptAt: kept.savedAt,
          };
    },
    delete: async (projectId) => {
      const name = projectWorkspace(projectId);
      clearJournal(name, Number.POSITIVE_INFINITY);
      const record = await store.get(name);
      if (record?.pending === true) await store.put(name, { ...record, pending: false });
    },
  };
}
