/**
 * The project the generator last showed in this browser: after a browser restart,
 * /generator without a project reopens it, unless the user chose the local draft last (the
 * project bar's "Local draft" link, `/generator?draft=local`). A project that no longer exists
 * is forgotten. Kept in localStorage; a blocked storage remembers nothing.
 */
const KEY = 'specform.generator.lastProject';
/** The value that says the local draft was chosen last. */
const LOCAL = 'local';

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function write(value: string | undefined): void {
  try {
    if (value === undefined) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, value);
  } catch {
    // storage blocked or full: nothing is remembered
  }
}

/** A project was opened in the generator. */
export function rememberProject(id: string): void {
  write(id);
}

/** The project turned out not to exist (any more): /generator opens the local draft again. */
export function forgetProject(id: string): void {
  if (read() === id) write(undefined);
}

/**
 * Where /generator with these search parameters should go instead, if anywhere: the local draft
 * chosen (`draft=local`) is remembered and the parameter dropped; without a project, the project
 * last opened. Undefined: stay.
 */
export function generatorRedirect(params: URLSearchParams): string | undefined {
  if (params.get('project')) return undefined;
  if (params.get('draft') === LOCAL) {
    write(LOCAL);
    return '/generator';
  }
  const last = read();
  if (last === null || last === LOCAL || last === '') return undefined;
  return `/generator?project=${encodeURIComponent(last)}`;
}
