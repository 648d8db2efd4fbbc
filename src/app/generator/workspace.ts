/**
 * Workspaces (issue 18.3): the browser's own one ("Not in a project") and one per project. Each
 * keeps its form, document panel and document text under its own keys, so editing in one never
 * changes another's record. The browser's own workspace keeps the keys the app always used
 * (nothing to migrate); a project's keys carry the prefix `ws.project:<id>/`.
 */

/** `''` for the browser's own workspace, `ws.project:<id>/` for a project's. */
export type WorkspaceScope = string;

export function workspaceScope(projectId: string | undefined): WorkspaceScope {
  return projectId === undefined ? '' : `ws.project:${projectId}/`;
}

/** The name of the workspace (Web Locks, BroadcastChannel): `local` or `project:<id>`. */
export function workspaceName(projectId: string | undefined): string {
  return projectId === undefined ? 'local' : `project:${projectId}`;
}

/**
 * A Storage over another one that sees only the keys under `scope` (without the prefix): the
 * persistence code written for one form slot works unchanged for any number of workspaces.
 */
export class ScopedStorage implements Storage {
  private keys: string[] | undefined;

  constructor(
    private readonly base: Storage,
    readonly scope: WorkspaceScope,
  ) {}

  private list(): string[] {
    if (this.keys === undefined) {
      const keys: string[] = [];
      for (let i = 0; i < this.base.length; i++) {
        const key = this.base.key(i);
        if (key?.startsWith(this.scope)) keys.push(key.slice(this.scope.length));
      }
      this.keys = keys;
    }
    return this.keys;
  }

  /** Read afresh (another writer may have changed the keys); `key(i)` reads that list. */
  get length(): number {
    this.keys = undefined;
    return this.list().length;
  }
  key(index: number): string | null {
    return this.list()[index] ?? null;
  }
  getItem(key: string): string | null {
    return this.base.getItem(this.scope + key);
  }
  setItem(key: string, value: string): void {
    this.keys = undefined;
    this.base.setItem(this.scope + key, value);
  }
  removeItem(key: string): void {
    this.keys = undefined;
    this.base.removeItem(this.scope + key);
  }
  clear(): void {
    for (const key of [...this.list()]) this.removeItem(key);
  }
}

/** The IndexedDB key prefix of a storage's entries: its scope, or '' for the browser's own. */
export function scopeOf(storage: Storage | undefined): WorkspaceScope {
  return storage instanceof ScopedStorage ? storage.scope : '';
}

/** The localStorage of a workspace (undefined where there is none). */
export function workspaceStorage(
  projectId: string | undefined,
  base: Storage | undefined = globalThis.localStorage,
): Storage | undefined {
  if (base === undefined) return undefined;
  const scope = workspaceScope(projectId);
  return scope === '' ? base : new ScopedStorage(base, scope);
}
