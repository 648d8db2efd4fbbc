/**
 * One tab per workspace: a tab edits a workspace (the browser's own or a project)
 * only while it holds the workspace's Web Lock. A second tab on the same workspace is told
 * plainly and offered "Use it here"; choosing it tells the first tab (BroadcastChannel), which
 * puts its work away (its page unmounts: every pending save is written) and shows the same
 * notice. Nothing is ever overwritten silently by a tab the user is not looking at. A tab showing
 * the notice continues by itself once the workspace is free (the other tab closed or left).
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How long a tab that gives the workspace away lets its last saves start before releasing. */
export const HANDOVER_MS = 800;
/**
 * A lock still held right after a reload (the old page is going away) is asked for again, after
 * 200, 400 and 800 ms, before the tab says the workspace is open elsewhere.
 */
const RETRY_MS = 200;
const RETRIES = 3;
/**
 * A tab told that the workspace is open elsewhere asks again this often: once the other tab is
 * closed (or leaves the generator), this one continues by itself instead of saying so for ever.
 */
export const WATCH_MS = 2000;
/**
 * A tab holding the workspace that goes away (a reload, a closed tab) marks when; a watching tab
 * lets it come back for this long before taking the workspace over (a reload of the
 * working tab kept its place only when no other tab asked in the moment the lock was free).
 */
export const GRACE_MS = 5000;
const LEAVING = 'specform.workspace.leaving:';

function markLeaving(name: string): void {
  try {
    const at = String(Date.now());
    localStorage.setItem(LEAVING + name, at);
    // The same tab reloaded finds its own mark (sessionStorage outlives a reload): no grace for it.
    sessionStorage.setItem(LEAVING + name, at);
  } catch {
    // no storage: no grace
  }
}

function clearLeaving(name: string): void {
  try {
    localStorage.removeItem(LEAVING + name);
    sessionStorage.removeItem(LEAVING + name);
  } catch {
    // nothing to clear
  }
}

/** Whether the tab that held `name` went away so recently that it may be coming back. */
function inGrace(name: string): boolean {
  try {
    const mark = localStorage.getItem(LEAVING + name);
    if (mark === null || sessionStorage.getItem(LEAVING + name) === mark) return false;
    const at = Number(mark);
    return Number.isFinite(at) && at > 0 && Date.now() - at < GRACE_MS;
  } catch {
    return false;
  }
}

type GateState = 'checking' | 'here' | 'elsewhere' | 'taking';

interface TakeMessage {
  type: 'take';
  name: string;
}

function isTake(value: unknown, name: string): value is TakeMessage {
  const message = value as Partial<TakeMessage> | null;
  return message?.type === 'take' && message.name === name;
}

/** Whether the browser has Web Locks and BroadcastChannel (jsdom has neither). */
function canCoordinate(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    // jsdom answers null
    (navigator.locks as LockManager | null | undefined) != null &&
    typeof BroadcastChannel !== 'undefined'
  );
}

export function WorkspaceGate({ name, children }: { name: string; children: ReactNode }) {
  const [state, setState] = useState<GateState>(() => (canCoordinate() ? 'checking' : 'here'));
  const take = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!canCoordinate()) return;
    const locks = navigator.locks;
    const channel = new BroadcastChannel('specform-workspaces');
    const lockName = `specform-workspace:${name}`;
    let alive = true;
    /** Ends holding the lock (resolves the held request's promise). */
    let release: (() => void) | undefined;
    let watching: ReturnType<typeof setInterval> | undefined;
    const stopWatching = () => {
      clearInterval(watching);
      watching = undefined;
    };
    const hold = (lock: Lock | null): Promise<void> | undefined => {
      if (lock === null || !alive) return undefined;
      stopWatching();
      clearLeaving(name);
      setState('here');
      return new Promise<void>((resolve) => {
        release = () => {
          release = undefined;
          resolve();
        };
      });
    };
    /**
     * Told it is elsewhere: asks without queueing (a queued request would come before the one of
     * a tab that takes the workspace over), so it gets the lock only when nobody holds it.
     */
    const watchForFree = () => {
      stopWatching();
      watching = setInterval(() => {
        if (!alive || release !== undefined || inGrace(name)) return;
        void locks
          .request(lockName, { ifAvailable: true }, (lock) => hold(lock))
          .catch(() => undefined);
      }, WATCH_MS);
    };
    const tryOnce = (attempt: number) =>
      void locks
        .request(lockName, { ifAvailable: true }, (lock) => {
          if (lock === null && alive) {
            if (attempt < RETRIES) {
              setTimeout(() => alive && tryOnce(attempt + 1), RETRY_MS * 2 ** attempt);
            } else {
              setState('elsewhere');
              watchForFree();
            }
          }
          return hold(lock);
        })
        .catch(() => alive && setState('here'));
    tryOnce(0);
    const onLeave = () => {
      if (release !== undefined) markLeaving(name);
    };
    window.addEventListener('pagehide', onLeave);

    take.current = () => {
      stopWatching();
      setState('taking');
      channel.postMessage({ type: 'take', name } satisfies TakeMessage);
      void locks.request(lockName, hold).catch(() => alive && setState('here'));
    };
    channel.onmessage = (event: MessageEvent) => {
      if (!isTake(event.data, name) || release === undefined) return;
      // Another tab takes this workspace: this page puts its work away, then lets go.
      setState('elsewhere');
      const giveUp = release;
      setTimeout(() => {
        giveUp();
        if (alive) watchForFree();
      }, HANDOVER_MS);
    };
    return () => {
      window.removeEventListener('pagehide', onLeave);
      alive = false;
      stopWatching();
      release?.();
      channel.close();
      take.current = () => undefined;
    };
  }, [name]);

  if (state === 'here') return <>{children}</>;
  if (state === 'checking') return null;
  return (
    <div className="gen-page workspace-elsewhere" data-testid="workspace-elsewhere">
      <div className="gen-empty" role="alert">
        <p>
          <strong>
            <Trans>This workspace is open in another tab.</Trans>
          </strong>
        </p>
        <p className="gen-muted">
          <Trans>
            It is edited in one tab at a time, so that no tab overwrites the work of another. Use it
            here to continue in this tab: the other tab saves its work and stops.
          </Trans>
        </p>
        <button
          type="button"
          className="gen-button gen-button-primary"
          disabled={state === 'taking'}
          onClick={() => take.current()}
          data-testid="workspace-take"
        >
          <Trans>Use it here</Trans>
        </button>
      </div>
    </div>
  );
}
