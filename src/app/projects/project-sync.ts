/**
 * Autosave of the open project. Every change is saved within about
 * two seconds with `If-Match: "<revision it is based on>"`. A stale save (412) stops saving and
 * raises a conflict for the user to settle; when the server cannot be reached the change goes
 * to IndexedDB and is sent when it is back (a reload while offline restores it). Nothing is
 * overwritten silently: every path either saves on top of the revision it was based on, or keeps
 * the user's text (on screen and on the device) until the user decides.
 *
 * Large documents: the content travels as one string (no object tree is stringified), compared
 * with `===` to skip unchanged saves, and stored in IndexedDB as a string.
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
import { yieldToBrowser } from '../util/slices';
import { projectRecords, type PendingStore } from '../workspace/project-records';

/** What a project stores: the document text and the view state as JSON text. */
export interface ProjectContent {
  content: string;
  viewStateJson: string | null;
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
  save(
    id: string,
    baseRevision: number,
    content: ProjectContent,
    intent?: SaveIntent,
  ): Promise<{ revision: number; updatedAt: string }>;
  /** The largest project the server stores, UTF-8 bytes (the shared default when absent). */
  maxBytes?(): Promise<number>;
  create(fields: { name: string } & ProjectContent): Promise<{ id: string; revision: number }>;
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
  save: (id, base, content, intent) => projectsApi.saveProject(id, base, { ...content, ...intent }),
  maxBytes: () =>
    (serverMaxBytes ??= projectsApi.projectLimits().then(
      (limits) => limits.maxProjectBytes,
      () => {
        serverMaxBytes = undefined;
        return PROJECT_MAX_BYTES_DEFAULT;
      },
    )),
  create: (fields) => projectsApi.createProject(fields),
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

export interface ProjectSyncOptions {
  api?: SyncApi;
  pending?: PendingStore;
  /** The current content, or undefined while there is none to save (editor not ready). */
  getContent: () => ProjectContent | undefined;
  /**
   * The content as the page is this instant (leaving: nothing async finishes), when
   * {@link getContent} answers what was last built.
   */
  getContentNow?: () => ProjectContent | undefined;
  /** The view state alone (cheap), to tell a real change from the server's spelling of it. */
  getViewStateJson?: () => string | null | undefined;
  /** Puts content on the screen (opening, reloading the newer version, restoring from the device). */
  /** Puts content on the screen; `revision` is the one it is based on. */
  apply: (content: ProjectContent, reason: ApplyReason, revision: number) => void | Promise<void>;
  /** Quiet time after a change before saving. */
  debounceMs?: number;
  /** Longest wait from the first unsaved change to its save. */
  maxWaitMs?: number;
  /** First retry after a failed (offline) save; doubles up to 30 s. */
  retryMs?: number;
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
 * The same content and view state. The server keeps the view state as jsonb, which orders keys
 * its own way: a view state read back from it is the same value spelled differently.
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
  private lastSaved: ProjectContent | undefined;
  /** The server revision {@link lastSaved} is. */
  private lastSavedRevision: number | undefined;
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
  private readonly editSession = newEditSession();
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
    this.pending = options.pending ?? projectRecords();
    this.retryDelay = options.retryMs ?? 3000;
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
    let kept = await this.pending.get(this.projectId).catch(() => undefined);
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
    this.lastSaved = server;
    this.lastSavedRevision = project.revision;
    this.set({ name: project.name, revision: project.revision });
    // A large change kept as the page went away, as a patch of this very text.
    kept ??= this.pending.keptOnServer?.(this.projectId, project.content, project.revision);
    if (kept && !same(kept, server)) {
      await this.show(kept, 'restore-local');
      if (kept.baseRevision === project.revision) {
        // Kept on this device, based on what the server still has: send it now.
        void this.saveNow();
      } else {
        this.set({ status: 'conflict', serverRevision: project.revision });
      }
      return;
    }
    if (kept) void this.pending.delete(this.projectId).catch(() => undefined);
    await this.show(server, 'open');
    this.adoptViewState();
    this.set({ status: 'saved' });
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
    const snapshot = measured('read', () => this.options.getContent());
    if (!snapshot) return;
    if (measured('compare', () => same(snapshot, this.lastSaved))) {
      // Typed and undone, or a kept change that turned out to be on the server already.
      void this.pending.delete(this.projectId).catch(() => undefined);
      this.set({ status: 'saved' });
      return;
    }
    // Too large for the server (UTF-8 bytes, its unit): kept on the device, not sent, and said.
    const bytes = overLimit(snapshot, this.maxBytes);
    const refused = this.refused;
    const tooLarge = bytes ?? (refused && overLimit(snapshot, refused.bytes - 1));
    if (tooLarge !== undefined) {
      this.again = false;
      await this.keep(snapshot, this.state.revision);
      this.set({
        status: 'error',
        message:
          bytes === undefined && refused?.message
            ? refused.message
            : i18n._(
                msg`The project is too large to save: ${megabytes(tooLarge)} MB, and at most ${megabytes(this.maxBytes)} MB can be saved. Make the document smaller; your changes are kept in this browser.`,
              ),
      });
      return;
    }
    const done = this.begin();
    measured('status', () => this.set({ status: 'saving', message: undefined }));
    const base = this.state.revision;
    const reason = this.reason;
    // Reading a large document and sending it are two tasks, not one.
    if (snapshot.content.length > 100_000) await yieldToBrowser();
    try {
      const saved = await measured('send', () =>
        this.api.save(this.projectId, base, snapshot, {
          revisionReason: reason,
          editSession: this.editSession,
        }),
      );
      if (this.reason === reason) this.reason = 'autosave';
      this.lastSaved = snapshot;
      this.lastSavedRevision = saved.revision;
      this.retryDelay = this.options.retryMs ?? 3000;
      clearTimeout(this.retryTimer);
      this.set({ status: 'saved', revision: saved.revision });
      await this.pending.delete(this.projectId).catch(() => undefined);
    } catch (error) {
      await this.keep(snapshot, base);
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
        this.refused = {
          bytes: utf8Length(snapshot.content) + utf8Length(snapshot.viewStateJson ?? ''),
          message,
        };
        this.set({ status: 'error', message });
      } else {
        this.set({ status: 'error', message: await this.api.message(error) });
      }
    } finally {
      done();
    }
    if (this.again) {
      this.again = false;
      this.changed();
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
    if (same(content, this.lastSaved)) return true;
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
      this.lastSaved = content;
      this.lastSavedRevision = saved.revision;
      this.set({ status: 'saved', revision: saved.revision });
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

  /** Keeps the user's change on this device (IndexedDB). */
  private async keep(
    content: ProjectContent,
    baseRevision: number,
    leaving = false,
  ): Promise<void> {
    const change = { projectId: this.projectId, baseRevision, ...content, keptAt: Date.now() };
    // Leaving: kept at once too (the store's write may be aborted with the page).
    if (leaving) this.pending.keepNow?.(change, this.lastSavedAt(baseRevision));
    await this.pending.put(change).catch(() => undefined);
  }

  /** The server's text at `revision`, when it is the one this page last saved or read. */
  private lastSavedAt(revision: number): string | undefined {
    return this.lastSavedRevision === revision ? this.lastSaved?.content : undefined;
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
    this.lastSaved = server;
    this.lastSavedRevision = project.revision;
    await this.pending.delete(this.projectId).catch(() => undefined);
    this.set({
      name: project.name,
      revision: project.revision,
      serverRevision: undefined,
      status: 'saved',
    });
    await this.show(server, 'reload');
    this.adoptViewState();
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

  /**
   * The view state as the page states it right after showing the server's version: the server
   * may spell the same JSON differently (jsonb orders keys), which is no reason to save.
   */
  private adoptViewState(): void {
    const shown = this.options.getViewStateJson?.();
    if (shown !== undefined && this.lastSaved) {
      this.lastSaved = { ...this.lastSaved, viewStateJson: shown };
    }
  }

  /** Settles a conflict by saving my version as a new project; answers its id. */
  async keepMineAsCopy(name: string): Promise<string> {
    const mine = this.options.getContent();
    if (!mine) throw new Error('Nothing to keep');
    const created = await this.api.create({ name, ...mine });
    // Settled: mine lives in the new project, nothing of it is kept for this one.
    this.loaded = false;
    await this.pending.delete(this.projectId).catch(() => undefined);
    return created.id;
  }

  /** Leaving the page: an unsaved change is kept on this device and sent next time. */
  flushToDevice = (): void => {
    if (!this.loaded || this.disposed) return;
    const snapshot = (this.options.getContentNow ?? this.options.getContent)();
    if (!snapshot || same(snapshot, this.lastSaved)) return;
    void this.keep(snapshot, this.state.revision, true);
  };

  dispose(): void {
    this.flushToDevice();
    this.disposed = true;
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
 * saves on {@link ProjectSyncHandle.changed}, keeps changes on the device when the page goes
 * away, and retries when the browser comes back online.
 */
export function useProjectSync(
  projectId: string | undefined,
  options: Omit<ProjectSyncOptions, 'getContent' | 'apply' | 'getViewStateJson'> & {
    getViewStateJson?: () => string | null | undefined;
    ready: boolean;
    getContent: () => ProjectContent | undefined;
    apply: (content: ProjectContent, reason: ApplyReason, revision: number) => void | Promise<void>;
  },
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
      getContent: () => latest.current.getContent(),
      getContentNow: () => (latest.current.getContentNow ?? latest.current.getContent)(),
      getViewStateJson: () => latest.current.getViewStateJson?.(),
      apply: (content, reason, revision) => latest.current.apply(content, reason, revision),
    });
    setSync(instance);
    void instance.start();
    const onHide = () => instance.flushToDevice();
    const onOnline = () => void instance.retry();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') instance.flushToDevice();
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
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
