/**
 * Which project, at which revision, the form saved in this browser belongs to. Opening that
 * project while the server still has that revision keeps the form as it is; opening another
 * project, or one saved elsewhere since (another tab or device), rebuilds the form from the
 * project's document, so a stale form is never saved over newer work.
 */
const KEY = 'specform.projects.formOwner';

export interface FormOwner {
  projectId: string;
  /** The revision the form was last saved as or read from; unknown for older entries. */
  revision?: number;
}

export function formOwner(): FormOwner | null {
  try {
    const value = localStorage.getItem(KEY);
    if (value === null) return null;
    const at = value.lastIndexOf('@');
    const revision = at < 0 ? NaN : Number(value.slice(at + 1));
    return Number.isInteger(revision)
      ? { projectId: value.slice(0, at), revision }
      : { projectId: value };
  } catch {
    return null;
  }
}

export function setFormOwner(projectId: string, revision?: number): void {
  try {
    localStorage.setItem(KEY, revision === undefined ? projectId : `${projectId}@${revision}`);
  } catch {
    // storage unavailable: the form is rebuilt from the document each time
  }
}

/** Whether the browser's form is the project's document at `revision` (see above). */
export function formIsProjects(projectId: string, revision: number): boolean {
  const owner = formOwner();
  return owner !== null && owner.projectId === projectId && owner.revision === revision;
}
