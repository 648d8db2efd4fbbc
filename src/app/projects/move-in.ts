/**
 * Moving in: the work this browser kept before projects existed becomes a
 * project once, on the first load after this change. It stays in the browser as well. Older
 * storage is migrated into the browser's own workspace record first (workspace/migrate.ts), so
 * that record is what moves in.
 */
import { createProject } from '../api/projects';
import { generatorClient } from '../core/generator-client';
import { workspacesReady } from '../workspace/ready';
import { readViewState } from '../workspace/view-state';
import { recordText, workspaceStore } from '../workspace/workspace-store';

export const MOVED_IN_KEY = 'specform.projects.movedIn';

let running: Promise<string | undefined> | undefined;

function done(): boolean {
  try {
    return localStorage.getItem(MOVED_IN_KEY) !== null;
  } catch {
    return true;
  }
}

function markDone(value: string): void {
  try {
    localStorage.setItem(MOVED_IN_KEY, value);
  } catch {
    // storage unavailable: nothing to move either
  }
}

/** The document the browser's own workspace holds: its text, or its drafts generated. */
async function localDocument(): Promise<string | undefined> {
  await workspacesReady();
  const record = await workspaceStore().get('local');
  if (record === undefined) return undefined;
  const text = await recordText(record);
  if (text.trim() !== '') return text;
  const drafts = readViewState(record.viewState).form?.drafts ?? [];
  const meaningful = drafts.some((e) => e.path.trim() !== '' || e.summary.trim() !== '');
  return meaningful ? generatorClient().generate(drafts) : undefined;
}

/**
 * Creates the project from the browser's workspace unless that happened already; answers the
 * new project's id (undefined when there was nothing to move or it cannot be done now, e.g. no
 * subscription: then it is tried again next time).
 */
export function moveInOnce(name: string): Promise<string | undefined> {
  if (done()) return Promise.resolve(undefined);
  running ??= (async () => {
    try {
      const content = await localDocument();
      if (content === undefined) {
        markDone('nothing');
        return undefined;
      }
      if (done()) return undefined;
      const created = await createProject({ name, content, viewStateJson: null });
      markDone(created.id);
      return created.id;
    } catch {
      return undefined;
    } finally {
      running = undefined;
    }
  })();
  return running;
}
