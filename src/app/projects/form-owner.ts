/**
 * At which revision a project's form, kept in this browser under the project's own keys
 * (src/app/generator/workspace.ts), was last saved or read. Opening the project while the server
 * still has that revision keeps the form as it is; a project saved elsewhere since (another tab
 * or device), or never opened here, rebuilds the form from the project's document, so a stale
 * form is never saved over newer work.
 *
 * Before issue 18 the browser had one form slot for every workspace, and one key named the
 * project it belonged to; nothing cleared it when the user then worked outside a project, so
 * reopening the project saved the other work into it. {@link migrateFormOwner} drops that key
 * once: the old slot is the browser's own workspace now, and each project's form is rebuilt from
 * its document the first time it is opened.
 */
import { workspaceStorage } from '../generator/workspace';

/** The single key of the versions before issue 18 (`<projectId>[@<revision>]`). */
export const OLD_FORM_OWNER_KEY = 'specform.projects.formOwner';
/** In a project's scoped storage: the revision its form belongs to ('' when unknown). */
const KEY = 'specform.projects.formRevision';

export interface FormOwner {
  projectId: string;
  /** The revision the form was last saved as or read from; unknown for a new project. */
  revision?: number;
}

/** Drops the single form owner of older versions (see above); answers whether there was one. */
export function migrateFormOwner(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    if (storage?.getItem(OLD_FORM_OWNER_KEY) === null || storage === undefined) return false;
    storage.removeItem(OLD_FORM_OWNER_KEY);
    return true;
  } catch {
    return false;
  }
}

/** The record of the project's own form in this browser, or null when it has none. */
export function formOwner(
  projectId: string,
  storage: Storage | undefined = globalThis.localStorage,
): FormOwner | null {
  try {
    const value = workspaceStorage(projectId, storage)?.getItem(KEY);
    if (value === null || value === undefined) return null;
    const revision = value === '' ? NaN : Number(value);
    return Number.isInteger(revision) ? { projectId, revision } : { projectId };
  } catch {
    return null;
  }
}

export function setFormOwner(
  projectId: string,
  revision?: number,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    workspaceStorage(projectId, storage)?.setItem(
      KEY,
      revision === undefined ? '' : String(revision),
    );
  } catch {
    // storage unavailable: the form is rebuilt from the document each time
  }
}

/** Whether the project's own form in this browser is its document at `revision`. */
export function formIsProjects(
  projectId: string,
  revision: number,
  storage: Storage | undefined = globalThis.localStorage,
): boolean {
  return formOwner(projectId, storage)?.revision === revision;
}
