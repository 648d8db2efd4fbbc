/**
 * Moving in (issue 12 point 8): the form this browser saved before projects existed becomes a
 * project once, on the first load after this change. The form stays in the browser as well.
 */
import { createProject } from '../api/projects';
import { generatorClient } from '../core/generator-client';
import { loadSavedForm, savedFormEntries } from '../generator/persistence';

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

/**
 * Creates the project from the saved form unless that happened already; answers the new
 * project's id (undefined when there was nothing to move or it cannot be done now, e.g. no
 * subscription: then it is tried again next time).
 */
export function moveInOnce(name: string): Promise<string | undefined> {
  if (done()) return Promise.resolve(undefined);
  running ??= (async () => {
    try {
      if (savedFormEntries() === 0) {
        markDone('nothing');
        return undefined;
      }
      const form = loadSavedForm();
      const endpoints = form?.endpoints ?? [];
      const meaningful = endpoints.some((e) => e.path.trim() !== '' || e.summary.trim() !== '');
      if (!meaningful) {
        markDone('nothing');
        return undefined;
      }
      const content = await generatorClient().generate(endpoints);
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
