/**
 * Autosave of the open project. Every change is saved within about
 * two seconds with `If-Match: "<revision it is based on>"`. A stale save (412) stops saving and
 * raises a conflict for the user to settle; when the server cannot be reached the change stays
 * in IndexedDB and is sent when it is back (a reload while offline restores it). Nothing is
 * overwritten silently: every path either saves on top of the revision it was based on, or keeps
 * the user's text (on screen and on the device) until the user decides.
 *
 * The project's record is kept by the document's core (src/shared/workspace/record-keeper.ts):
 * it writes `{ text, viewState, baseRevision }` to IndexedDB, marked pending until the server
 * has it, and builds the upload body from it, so the text never crosses to the page to be saved.
 * Records are told apart by when they were stored (`savedAt`): the one the server has is
 * remembered, and any other is a change to send.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { utf8Length } from '../../shared/sizes';
import {
  PROJECT_MAX_BYTES_DEFAULT,
  type Project,
  type RevisionReason,
} from '../../shared/projects';
import { describeRequestFailure, errorBody, logCallFailure } from '../api/errors';
import * as projectsApi from '../api/projects';
import { journalReplay, recordWithJournal, type JournalReplay } from '../workspace/journal';
import type { ProjectKeeper, UploadBody } from '../workspace/project-keeper';
import {
  projectWorkspace,
  recordText,
  workspaceStore,
  type WorkspaceStore,
} from '../workspace/workspace-store';

export type { ProjectKeeper, UploadBody };

/** What a project stores: the document text and the view state as JSON text. */
export interface ProjectContent {
  content: string;
  viewStateJson: string | null;
  /**
   * This device's: the commands made over this record before the page went away, not stored
   * yet (the page replays them after showing it).
   */
  journal?: JournalReplay;
}

export type SyncStatus =
  'loading' | 'saved' | 'saving' | 'offline' | 'error' | 'conflict' | 'readonly' | 'missing';

export interface SyncState {
  status: SyncStatus;
  name: string;
  revision: number;
  /** The server's message for 'error' and 'readonly'. */
  message?: string | undefined;
  /** For 'conflict': the revision saved elsewhere. */
  serverRevision?: number | undefined;
}

/** Why the content is being applied to the screen. */
export type ApplyReason = 'open' | 'reload' | 'restore-local';

/** Why a save is made and from which tab (the history groups autosaves). */
export interface SaveIntent {
  revisionReason: RevisionReason;
  editSession: string;
}

/** The server calls the sync needs (tests pass fakes). */
export interface SyncApi {
  get(id: string): Promise<Project>;
  /** Saves a body built by the document's core (its reason and session are in it). */
  put(
    id: string,
    baseRevision: number,
    body: UploadBody,
  ): Promise<{ revision: number; updatedAt: string }>;
  save(
    id: string,
    baseRevision: number,
    content: ProjectContent,
    intent?: SaveIntent,
  ): Promise<{ revision: number; updatedAt: string }>;
  /** The largest project the server stores, UTF-8 bytes (the shared default when absent). */
  maxBytes?(): Promise<number>;
  /** Creates a project from a body built by the document's core (its name is in it). */
  create(body: UploadBody): Promise<{ id: string; revision: number }>;
  /** HTTP status of a failure; undefined when the server could not be reached. */
  status(error: unknown): number | undefined;
  unreachable(error: unknown): boolean;
  message(error: unknown): Promise<string | undefined>;
  /** The current revision named by a 412 answer. */
  staleRevision(error: unknown): Promise<number | undefined>;
}

let serverMaxBytes: Promise<number> | undefined;

export const httpSyncApi: SyncApi = {
  get: projectsApi.getProject,
  put: projectsApi.putProjectBody,
  save: (id, base, content, intent) => projectsApi.saveProject(id, base, { ...content, ...intent }),
  maxBytes: () =>
    (serverMaxBytes ??= projectsApi.projectLimits().then(
      (limits) => limits.maxProjectBytes,
      () => {
        serverMaxBytes = undefined;
        return PROJECT_MAX_BYTES_DEFAULT;
      },
    )),
  create: projectsApi.createProjectFromBody,
  status: projectsApi.failureStatus,
  unreachable: projectsApi.isUnreachable,
  message: async (error) => {
    // Only our API's own 4xx words are shown; the rest goes to the console.
    logCallFailure('Project', error);
    const failure = await describeRequestFailure(error);
    return failure?.kind === 'http' ? failure.message : undefined;
  },
  staleRevision: async (error) => {
    const revision = (await errorBody(error))?.revision;
    return typeof revision === 'number' ? revision : undefined;
  },
};

/** A change the server has not got, kept on this device: the project's record marked pending. */
export interface PendingChange extends ProjectContent {
  /** The server revision the change was made on. */
  baseRevision: number;
}

/** What this device keeps of a project the server has not got (tests pass fakes). */
export interface PendingStore {
  get(projectId: string): Promise<PendingChange | undefined>;
}

/** The project's pending record in the one store, with what the page wrote as it went away. */
export function pendingRecords(store: WorkspaceStore = workspaceStore()): PendingStore {
  return {
    get: async (projectId) => {
      const name = projectWorkspace(projectId);
      const record = await recordWithJournal(store, name);
      // Commands journalled over the stored record are a change the server has not got, even
      // when the record itself is the server's.
      const journal = journalReplay(name, record);
      if (record === undefined || record.baseRevision === null) return undefined;
      if (record.pending !== true && journal === undefined) return undefined;
      const change: PendingChange = {
        baseRevision: record.baseRevision,
        content: await recordText(record),
        viewStateJson: JSON.stringify(record.viewState),
      };
      if (journal !== undefined) change.journal = journal;
      return change;
    },
  };
}

export interface ProjectSyncOptions {
  api?: SyncApi;
  pending?: PendingStore;
  keeper: ProjectKeeper;
  /** Puts content on the screen; `revision` is the one it is based on. */
  apply: (content: ProjectContent, reason: ApplyReason, revision: number) => void | Promise<void>;
  /** Quiet time after a change before saving. */
  debounceMs?: number;
  /** Longest wait from the first unsaved change to its save. */
  maxWaitMs?: number;
  /** First retry after a failed (offline) save; doubles up to 30 s. */
  retryMs?: number;
  /** The editing session saves are sent with (default: this tab's, kept over a reload). */
  editSession?: string;
}

/**
 * Runs `fn` as a named performance measure (`specform:project-…`), so that the main-thread cost
 * of reading and showing a large document can be read in the browser (tests/e2e/projects.test.ts).
 */
function measured<T>(name: string, fn: () => T): T {
  const start = performance.now();
  try {
    return fn();
  } finally {
    try {
      performance.measure(`specform:project-${name}`, { start, end: performance.now() });
    } catch {
      // measures unavailable: nothing to record
    }
  }
}

/** A random id of this tab's editing session (its autosaves may be folded into one version). */
function newEditSession(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This tab's editing session of a project, kept for the tab's life (sessionStorage): a reload
 * continues it, so a save of this tab whose answer the reload cut off is not taken for another
 * writer's (the server lets a session save over its own revisions, see projects-repository.ts).
 */
function tabEditSession(projectId: string): string {
  const key = `specform:edit-session:${projectId}`;
  try {
    const kept = sessionStorage.getItem(key);
    if (kept !== null && /^[0-9a-f]{24}$/.test(kept)) return kept;
    const session = newEditSession();
    sessionStorage.setItem(key, session);
    return session;
  } catch {
    return newEditSession();
  }
}

/**
 * The UTF-8 size of what a save sends, the unit of the server's limit. Counted only
 * when the length in characters leaves it open (each character is 1 to 3 bytes).
 */
function overLimit(content: ProjectContent, max: number): number | undefined {
  const view = content.viewStateJson ?? '';
  const chars = content.content.length + view.length;
  if (chars * 3 <= max) return undefined;
  const bytes = chars > max ? chars : utf8Length(content.content) + utf8Length(view);
  return bytes > max ? bytes : undefined;
}

/** "10 MB" in the user's language. */
function megabytes(bytes: number): string {
  return i18n.number(bytes / (1024 * 1024), { maximumFractionDigits: 1 });
}

/** JSON text with every object's keys sorted: the same value spelled one way. */
function canonicalJson(json: string | null): string | null {
  if (json === null) return null;
  try {
    return JSON.stringify(JSON.parse(json), (_key, value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
              a < b ? -1 : a > b ? 1 : 0,
            ),
          )
        : value,
    );
  } catch {
    return json;
  }
}

/**
 * The same content and view state (a change kept on the device that the server has already).
 * The server keeps the view state as jsonb, which orders keys its own way: a view state read
 * back from it is the same value spelled differently.
 */
const same = (a: ProjectContent | undefined, b: ProjectContent | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.content === b.content &&
  (a.viewStateJson === b.viewStateJson ||
    canonicalJson(a.viewStateJson) === canonicalJson(b.viewStateJson));

export class ProjectSync {
  private state: SyncState = { status: 'loading', name: '', revision: 0 };
  private listeners = new Set<() => void>();
  private readonly api: SyncApi;
  private readonly pending: PendingStore;
  private readonly keeper: ProjectKeeper;
  /** When the record the server has was stored (any other is a change to send). */
  private sentSavedAt: number | undefined;
  /** The sync stores a record itself: its notice is no change to schedule a save for. */
  private recording = false;
  private unsubscribe: () => void = () => undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstChangeAt: number | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay: number;
  private saving = false;
  /** Settles when the save under way (if any) is done. */
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private disposed = false;
  private loaded = false;
  /** This tab's editing session, sent with every save. */
  private readonly editSession: string;
  /** Why the next save is made (back to autosave once one is saved). */
  private reason: RevisionReason = 'autosave';
  /** The largest project the server takes, UTF-8 bytes. */
  private maxBytes = PROJECT_MAX_BYTES_DEFAULT;
  /** The server's message of a refused (413) size, and that size: not sent again. */
  private refused: { bytes: number; message: string | undefined } | undefined;

  constructor(
    readonly projectId: string,
    private readonly options: ProjectSyncOptions,
  ) {
    this.api = options.api ?? httpSyncApi;
    this.pending = options.pending ?? pendingRecords();
    this.keeper = options.keeper;
    this.retryDelay = options.retryMs ?? 3000;
    this.editSession = options.editSession ?? tabEditSession(projectId);
    this.unsubscribe = this.keeper.subscribe((savedAt) => {
      if (!this.recording && savedAt !== this.sentSavedAt) this.changed();
    });
  }

  getState = (): SyncState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<SyncState>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /**
   * The next save starts a new version in the project's history, for `reason` (a Load, an
   * Apply, a restore, a conflict resolution…); autosaves in between are folded by the server.
   */
  startRevision(reason: RevisionReason): void {
    if (reason !== 'autosave') this.reason = reason;
  }

  /** Loads the project (and what this device kept of it) and puts it on the screen. */
  async start(): Promise<void> {
    this.set({ status: 'loading', message: undefined });
    void this.api.maxBytes?.().then(
      (max) => (this.maxBytes = max),
      () => undefined,
    );
    const kept = await this.pending.get(this.projectId).catch(() => undefined);
    let project: Project;
    try {
      project = await this.api.get(this.projectId);
    } catch (error) {
      if (this.disposed) return;
      if (this.api.status(error) === 404) {
        this.set({ status: 'missing', message: await this.api.message(error) });
      } else if (this.api.unreachable(error) && kept) {
        // Offline reload: what this device kept is the latest the user has.
        this.set({ revision: kept.baseRevision });
        this.keeper.target(kept.baseRevision);
        await this.show(kept, 'restore-local');
        this.set({ status: 'offline' });
        this.scheduleRetry();
      } else {
        this.set({ status: 'error', message: await this.api.message(error) });
      }
      return;
    }
    if (this.disposed) return;
    const server: ProjectContent = {
      content: project.content,
      viewStateJson: project.viewState == null ? null : JSON.stringify(project.viewState),
    };
    this.set({ name: project.name, revision: project.revision });
    if (kept && (kept.journal !== undefined || !same(kept, server))) {
      // Kept on this device and not sent: sent now, based on the revision it was made on. The
      // server takes it when it still has that revision, or when every save since was this
      // tab's own (one whose answer a reload cut off); otherwise it answers 412, a conflict the
      // user settles.
      this.set({ revision: kept.baseRevision });
      this.keeper.target(kept.baseRevision);
      await this.show(kept, 'restore-local');
      void this.saveNow();
      return;
    }
    this.keeper.target(project.revision);
    await this.show(server, 'open');
    await this.baseline(project.revision);
    this.set({ status: 'saved' });
  }

  /**
   * The record as the page states the server's version right after showing it is the one the
   * server has (the server may spell the same view state differently: jsonb orders keys).
   */
  private async baseline(revision: number): Promise<void> {
    this.recording = true;
    try {
      this.sentSavedAt = await this.keeper.record();
      await this.keeper.sent(revision, this.sentSavedAt);
    } catch (failure) {
      console.warn('The project record was not stored', failure);
    } finally {
      this.recording = false;
    }
  }

  /** Call on every change of the content: saves after a quiet moment (at most ~2 s later). */
  changed = (): void => {
    if (this.disposed || !this.loaded) return;
    const { status } = this.state;
    if (status === 'conflict' || status === 'missing' || status === 'readonly') return;
    const now = Date.now();
    this.firstChangeAt ??= now;
    const debounce = this.options.debounceMs ?? 1000;
    const maxWait = this.options.maxWaitMs ?? 2000;
    const wait = Math.max(0, Math.min(debounce, this.firstChangeAt + maxWait - now));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.saveNow(), wait);
  };

  /** Saves now (unless there is nothing new); the state tells how it went. */
  async saveNow(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.firstChangeAt = undefined;
    if (this.disposed || !this.loaded) return;
    const { status } = this.state;
    if (status === 'conflict' || status === 'missing' || status === 'readonly') return;
    if (this.saving) {
      this.again = true;
      return;
    }
    const done = this.begin();
    try {
      await this.send();
    } finally {
      done();
    }
    if (this.again) {
      this.again = false;
      this.changed();
    }
  }

  /** Stores the record as the page is now and sends it, unless the server has it already. */
  private async send(): Promise<void> {
    this.recording = true;
    let savedAt: number | undefined;
    try {
      savedAt = await measured('read', () => this.keeper.record());
    } catch (failure) {
      console.warn('The project record was not stored', failure);
      return;
    } finally {
      this.recording = false;
    }
    if (savedAt === undefined || this.disposed) return;
    if (savedAt === this.sentSavedAt) {
      // Typed and undone, or nothing but the server's version on screen.
      this.set({ status: 'saved' });
      return;
    }
    const base = this.state.revision;
    const reason = this.reason;
    const upload = await this.keeper
      .body({ revisionReason: reason, editSession: this.editSession })
      .catch((failure: unknown) => {
        console.warn('The project upload body was not built', failure);
        return undefined;
      });
    if (upload === undefined || this.disposed) return;
    // Too large for the server (UTF-8 bytes, its unit): kept on the device, not sent, and said.
    const refused = this.refused;
    const tooLarge =
      upload.bytes > this.maxBytes
        ? upload.bytes
        : refused !== undefined && upload.bytes >= refused.bytes
          ? upload.bytes
          : undefined;
    if (tooLarge !== undefined) {
      this.again = false;
      this.set({
        status: 'error',
        message:
          upload.bytes <= this.maxBytes && refused?.message
            ? refused.message
            : i18n._(
                msg`The project is too large to save: ${megabytes(tooLarge)} MB, and at most ${megabytes(this.maxBytes)} MB can be saved. Make the document smaller; your changes are kept in this browser.`,
              ),
      });
      return;
    }
    measured('status', () => this.set({ status: 'saving', message: undefined }));
    try {
      const saved = await measured('send', () => this.api.put(this.projectId, base, upload.body));
      if (this.reason === reason) this.reason = 'autosave';
      this.sentSavedAt = upload.savedAt;
      this.retryDelay = this.options.retryMs ?? 3000;
      clearTimeout(this.retryTimer);
      this.set({ status: 'saved', revision: saved.revision });
      await this.keeper.sent(saved.revision, upload.savedAt).catch(() => undefined);
    } catch (error) {
      // The record stays in the store, pending, based on `base`.
      const code = this.api.status(error);
      if (code === 412) {
        const serverRevision = await this.api.staleRevision(error);
        this.again = false;
        this.set({ status: 'conflict', serverRevision });
      } else if (this.api.unreachable(error)) {
        this.set({ status: 'offline' });
        this.scheduleRetry();
      } else if (code === 402 || code === 403) {
        this.again = false;
        this.set({ status: 'readonly', message: await this.api.message(error) });
      } else if (code === 404) {
        this.again = false;
        this.set({ status: 'missing', message: await this.api.message(error) });
      } else if (code === 413) {
        // Too large: never retried by itself; the same size is not sent again.
        this.again = false;
        const message = await this.api.message(error);
        this.refused = { bytes: upload.bytes, message };
        this.set({ status: 'error', message });
      } else {
        this.set({ status: 'error', message: await this.api.message(error) });
      }
    }
  }

  /**
   * Saves `content` now as a version of its own, for `reason`, before the screen changes
   * (the Swagger 2.0 text a conversion starts from is the version before the
   * converted document). A save under way is waited for; a scheduled autosave is dropped, since
   * what it would save (the screen before the change) is about to be replaced and the change's
   * own save follows. Answers whether it was saved. When it cannot be now (offline, a conflict,
   * read-only, too large) nothing else happens: the screen's own saves meet the cause as usual.
   */
  async saveVersion(content: ProjectContent, reason: RevisionReason): Promise<boolean> {
    while (this.saving) await this.running;
    if (this.disposed || !this.loaded) return false;
    const { status } = this.state;
    if (status === 'conflict' || status === 'missing' || status === 'readonly') return false;
    if (overLimit(content, this.maxBytes) !== undefined) return false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.firstChangeAt = undefined;
    const done = this.begin();
    try {
      const saved = await this.api.save(this.projectId, this.state.revision, content, {
        revisionReason: reason,
        editSession: this.editSession,
      });
      this.set({ status: 'saved', revision: saved.revision });
      // The record stored meanwhile is a change on top of this version.
      await this.keeper.sent(saved.revision).catch(() => undefined);
      return true;
    } catch {
      return false;
    } finally {
      done();
      if (this.again) {
        this.again = false;
        this.changed();
      }
    }
  }

  /** Marks a save under way; the answer marks it done (and wakes who waits for it). */
  private begin(): () => void {
    this.saving = true;
    let settle: () => void = () => undefined;
    this.running = new Promise<void>((resolve) => (settle = resolve));
    return () => {
      this.saving = false;
      settle();
    };
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.retry(), this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, 30_000);
  }

  /** Tries again now (the Retry button; the browser coming back online). */
  retry = async (): Promise<void> => {
    clearTimeout(this.retryTimer);
    if (!this.loaded) return this.start();
    const { status } = this.state;
    if (status === 'offline' || status === 'error') {
      // Asked for by the user: a size the server refused is tried once more.
      this.refused = undefined;
      return this.saveNow();
    }
  };

  /** Settles a conflict by taking the server's newer version (mine stays only in history). */
  async reloadNewer(): Promise<void> {
    const project = await this.api.get(this.projectId);
    const server: ProjectContent = {
      content: project.content,
      viewStateJson: project.viewState == null ? null : JSON.stringify(project.viewState),
    };
    this.set({
      name: project.name,
      revision: project.revision,
      serverRevision: undefined,
      status: 'loading',
    });
    this.keeper.target(project.revision);
    await this.show(server, 'reload');
    await this.baseline(project.revision);
    this.set({ status: 'saved' });
  }

  /**
   * Puts content on the screen; changes meanwhile (the editor filling up in slices) are not the
   * user's and are not saved.
   */
  private async show(content: ProjectContent, reason: ApplyReason): Promise<void> {
    this.loaded = false;
    try {
      await measured('apply', () => this.options.apply(content, reason, this.state.revision));
    } finally {
      this.loaded = !this.disposed;
    }
  }

  /** Settles a conflict by saving my version as a new project; answers its id. */
  async keepMineAsCopy(name: string): Promise<string> {
    this.recording = true;
    try {
      await this.keeper.record();
    } finally {
      this.recording = false;
    }
    const mine = await this.keeper.body({ name });
    if (!mine) throw new Error('Nothing to keep');
    const created = await this.api.create(mine.body);
    // Settled: mine lives in the new project, and this one's record is no longer a change to
    // send (this project opens with the server's version next time).
    this.loaded = false;
    await this.keeper
      .sent(this.state.serverRevision ?? this.state.revision, mine.savedAt)
      .catch(() => undefined);
    return created.id;
  }

  dispose(): void {
    this.disposed = true;
    this.unsubscribe();
    this.keeper.release();
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    this.listeners.clear();
  }
}

const LOADING: SyncState = { status: 'loading', name: '', revision: 0 };

export interface ProjectSyncHandle {
  state: SyncState;
  sync: ProjectSync | undefined;
  changed: () => void;
  retry: () => void;
}

/**
 * The open project's sync for a page: starts once `ready` (the editor can take the content),
 * saves each record the page stores (and on {@link ProjectSyncHandle.changed}), and retries when
 * the browser comes back online. Leaving the page, the record and its journal are the
 * workspace's (useWorkspace); what the server has not got is sent next time.
 */
export function useProjectSync(
  projectId: string | undefined,
  options: ProjectSyncOptions & { ready: boolean },
): ProjectSyncHandle {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [sync, setSync] = useState<ProjectSync | undefined>(undefined);
  const { ready } = options;
  useEffect(() => {
    if (!projectId || !ready) return;
    const instance = new ProjectSync(projectId, {
      api: latest.current.api,
      pending: latest.current.pending,
      debounceMs: latest.current.debounceMs,
      maxWaitMs: latest.current.maxWaitMs,
      retryMs: latest.current.retryMs,
      keeper: latest.current.keeper,
      apply: (content, reason, revision) => latest.current.apply(content, reason, revision),
    });
    setSync(instance);
    void instance.start();
    const onOnline = () => void instance.retry();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      instance.dispose();
      setSync(undefined);
    };
  }, [projectId, ready]);
  const state = useSyncExternalStore(
    sync?.subscribe ?? noSubscribe,
    sync?.getState ?? loadingState,
  );
  return {
    state,
    sync,
    changed: () => sync?.changed(),
    retry: () => void sync?.retry(),
  };
}

const noSubscribe = () => () => undefined;
const loadingState = () => LOADING;
