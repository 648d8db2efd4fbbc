/**
 * Which project the form saved in this browser belongs to. Opening that project again keeps the
 * form as it is (it may hold edits not generated yet); opening another one rebuilds the form from
 * the project's document.
 */
const KEY = 'specform.projects.formOwner';

export function formOwner(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setFormOwner(projectId: string): void {
  try {
    localStorage.setItem(KEY, projectId);
  } catch {
    // storage unavailable: the form is rebuilt from the document each time
  }
}
