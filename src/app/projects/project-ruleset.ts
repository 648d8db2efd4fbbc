/**
 * The open project's Spectral ruleset, kept with the project on the server
 * (`/api/v1/customer/projects/:id/ruleset`). The ruleset has a revision of its own, so changing it
 * never makes the document's autosave stale. Nothing the user wrote is lost: a change is kept in
 * this browser (localStorage) until the server has it; while the server cannot be reached it is
 * sent again when the browser is back online (or on the next visit); a change made elsewhere in
 * the meantime is never overwritten silently: the state becomes 'conflict' and the user decides
 * (keep theirs with {@link ProjectRulesetStore.replace}, or take the other with
 * {@link ProjectRulesetStore.takeTheirs}).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ProjectRuleset } from '../../shared/projects';
import { describeRequestFailure, errorBody, logCallFailure } from '../api/errors';
import * as projectsApi from '../api/projects';

export type RulesetSyncStatus =
  | 'loading'
  | 'saved'
  | 'saving'
  /** Not on the server yet: kept in this browser, sent when it is back. */
  | 'offline'
  /** Changed elsewhere since it was read: `theirs` is the ruleset stored there. */
  | 'conflict'
  /** Refused by the server (`message` says why); kept in this browser. */
  | 'failed';

export interface RulesetSyncState {
  status: RulesetSyncStatus;
  /** The ruleset in force here ('' for the default): the user's, when not saved yet. */
  ruleset: string;
  /** For 'conflict': the ruleset saved elsewhere ('' for the default). */
  theirs?: string;
  /** For 'failed': the server's words. */
  message?: string;
}

export interface RulesetApi {
  get(id: string): Promise<ProjectRuleset>;
  save(id: string, base: number, ruleset: string | null): Promise<ProjectRuleset>;
  status(error: unknown): number | undefined;
  unreachable(error: unknown): boolean;
  /** The server's message for a refusal, if it said one. */
  message(error: unknown): Promise<string | undefined>;
  /** The body of a 412 answer: the ruleset stored now. */
  stale(error: unknown): Promise<ProjectRuleset | undefined>;
}

export const httpRulesetApi: RulesetApi = {
  get: projectsApi.getProjectRuleset,
  save: projectsApi.saveProjectRuleset,
  status: projectsApi.failureStatus,
  unreachable: projectsApi.isUnreachable,
  message: async (error) => {
    logCallFailure('Project ruleset', error);
    const failure = await describeRequestFailure(error);
    return failure?.kind === 'http' ? failure.message : undefined;
  },
  stale: async (error) => {
    const body = await errorBody(error);
    const revision = body?.rulesetRevision;
    if (typeof revision !== 'number') return undefined;
    const ruleset = body?.ruleset;
    return { ruleset: typeof ruleset === 'string' ? ruleset : null, rulesetRevision: revision };
  },
};

/** Where a change not yet on the server is kept, per project. */
export function pendingRulesetKey(projectId: string): string {
  return `specform.ruleset.pending.${projectId}`;
}

/** A change not yet on the server, and the server revision it is based on. */
interface PendingRuleset {
  ruleset: string;
  base: number;
}

function readPending(projectId: string): PendingRuleset | undefined {
  try {
    const value = JSON.parse(
      globalThis.localStorage?.getItem(pendingRulesetKey(projectId)) ?? 'null',
    ) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { ruleset, base } = value as Record<string, unknown>;
    if (typeof ruleset !== 'string' || typeof base !== 'number') return undefined;
    return { ruleset, base };
  } catch {
    return undefined;
  }
}

function writePending(projectId: string, pending: PendingRuleset | undefined): void {
  try {
    if (pending === undefined) globalThis.localStorage?.removeItem(pendingRulesetKey(projectId));
    else globalThis.localStorage?.setItem(pendingRulesetKey(projectId), JSON.stringify(pending));
  } catch {
    // A full or refused store: the change stays on screen for this visit only.
  }
}

export class ProjectRulesetStore {
  private state: RulesetSyncState = { status: 'loading', ruleset: '' };
  /** The server's ruleset revision this page's text is based on. */
  private revision = 0;
  /** For a conflict: the revision stored elsewhere. */
  private theirsRevision: number | undefined;
  private readonly listeners = new Set<() => void>();
  private saving: Promise<void> = Promise.resolve();
  /** The server's ruleset was read once (else a retry reads it first). */
  private loaded = false;

  constructor(
    readonly projectId: string,
    private readonly api: RulesetApi = httpRulesetApi,
    /** A ruleset this browser kept for the project before it was kept on the server. */
    private readonly legacy?: () => string | undefined,
  ) {}

  get current(): RulesetSyncState {
    return this.state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<RulesetSyncState>): void {
    const merged = { ...this.state, ...next };
    if (merged.status !== 'conflict') delete merged.theirs;
    if (merged.status !== 'failed') delete merged.message;
    this.state = merged;
    for (const listener of this.listeners) listener();
  }

  /** Reads the server's ruleset; a change kept in this browser is shown and sent. */
  async load(): Promise<void> {
    const pending = readPending(this.projectId);
    if (pending !== undefined) this.set({ ruleset: pending.ruleset });
    let stored: ProjectRuleset;
    try {
      stored = await this.api.get(this.projectId);
    } catch (error) {
      if (pending !== undefined || this.api.unreachable(error)) {
        this.set({ status: 'offline' });
        if (pending !== undefined) this.revision = pending.base;
        return;
      }
      this.set({ status: 'failed', message: await this.api.message(error) });
      return;
    }
    this.loaded = true;
    const theirs = stored.ruleset ?? '';
    this.revision = stored.rulesetRevision;
    if (pending !== undefined) {
      if (pending.ruleset === theirs) {
        writePending(this.projectId, undefined);
        this.set({ status: 'saved', ruleset: theirs });
        return;
      }
      this.revision = pending.base;
      await this.save(pending.ruleset);
      return;
    }
    const legacy = theirs === '' ? this.legacy?.() : undefined;
    if (legacy !== undefined && legacy.trim() !== '') {
      // Kept in this browser before projects kept their ruleset: it moves in once.
      await this.change(legacy);
      return;
    }
    this.set({ status: 'saved', ruleset: theirs });
  }

  /** The user's ruleset ('' for the default): in force here at once, then saved. */
  change(ruleset: string): Promise<void> {
    if (this.state.status === 'conflict') {
      // Not saved over the other one until the user chooses (replace / takeTheirs).
      writePending(this.projectId, { ruleset, base: this.revision });
      this.set({ ruleset });
      return Promise.resolve();
    }
    return this.save(ruleset);
  }

  /** After a conflict: the user's ruleset replaces the one saved elsewhere. */
  replace(ruleset: string = this.state.ruleset): Promise<void> {
    if (this.theirsRevision !== undefined) this.revision = this.theirsRevision;
    this.theirsRevision = undefined;
    return this.save(ruleset);
  }

  /** After a conflict: the ruleset saved elsewhere is taken, the user's dropped. */
  takeTheirs(): void {
    if (this.state.status !== 'conflict' || this.theirsRevision === undefined) return;
    this.revision = this.theirsRevision;
    this.theirsRevision = undefined;
    writePending(this.projectId, undefined);
    this.set({ status: 'saved', ruleset: this.state.theirs ?? '' });
  }

  /** Tries the kept change again (the browser is back online). */
  retry(): Promise<void> {
    const pending = readPending(this.projectId);
    if (!this.loaded) return this.load();
    if (pending === undefined || this.state.status === 'conflict') return Promise.resolve();
    return this.save(pending.ruleset);
  }

  private save(ruleset: string): Promise<void> {
    writePending(this.projectId, { ruleset, base: this.revision });
    this.set({ status: 'saving', ruleset });
    this.saving = this.saving.then(() => this.send(ruleset));
    return this.saving;
  }

  private async send(ruleset: string): Promise<void> {
    // A newer change was made meanwhile: that one is sent, not this one.
    if (this.state.ruleset !== ruleset) return;
    try {
      const saved = await this.api.save(
        this.projectId,
        this.revision,
        ruleset.trim() === '' ? null : ruleset,
      );
      this.revision = saved.rulesetRevision;
      if (this.state.ruleset !== ruleset) {
        writePending(this.projectId, { ruleset: this.state.ruleset, base: this.revision });
        return;
      }
      writePending(this.projectId, undefined);
      this.set({ status: 'saved' });
    } catch (error) {
      if (this.api.status(error) === 412) {
        const theirs = await this.api.stale(error);
        if (
          theirs !== undefined &&
          (theirs.ruleset ?? '') === (ruleset.trim() === '' ? '' : ruleset)
        ) {
          this.revision = theirs.rulesetRevision;
          writePending(this.projectId, undefined);
          this.set({ status: 'saved' });
          return;
        }
        this.theirsRevision = theirs?.rulesetRevision;
        this.set({ status: 'conflict', theirs: theirs?.ruleset ?? '' });
        return;
      }
      if (this.api.unreachable(error)) {
        this.set({ status: 'offline' });
        return;
      }
      this.set({ status: 'failed', message: await this.api.message(error) });
    }
  }
}

/**
 * The open project's ruleset store (undefined outside a project): loaded when the project
 * opens, retried when the browser comes back online.
 */
export function useProjectRuleset(
  projectId: string | undefined,
  legacy?: () => string | undefined,
): { store: ProjectRulesetStore | undefined; state: RulesetSyncState | undefined } {
  const make = (id: string | undefined) =>
    id === undefined ? undefined : new ProjectRulesetStore(id, httpRulesetApi, legacy);
  const [held, setHeld] = useState(() => make(projectId));
  let store = held;
  if (store?.projectId !== projectId) {
    store = make(projectId);
    setHeld(store);
  }
  useEffect(() => {
    if (store === undefined) return;
    void store.load();
    const onOnline = () => void store.retry();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [store]);
  const state = useSyncExternalStore(
    store?.subscribe ?? noSubscribe,
    () => store?.current,
    () => store?.current,
  );
  return { store, state };
}

const noSubscribe = () => () => {};
