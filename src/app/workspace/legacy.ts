/**
 * Read-only decoders of the storage formats used before the workspace store (one record per
 * workspace), for the one-time migration (migrate.ts). Copied and trimmed from the code that wrote them
 * (generator/persistence.ts, generator/source-store.ts, generator/document/document-store.ts,
 * projects/pending-store.ts, projects/form-owner.ts, generator/workspace.ts), which is deleted:
 * nothing here writes these formats, and nothing should import this file but the migration.
 *
 * The formats, per workspace scope (`''` for the browser's own, `ws.project:<id>/` for a
 * project's; the scope prefixes both localStorage keys and IndexedDB keys):
 * - localStorage `<scope>specform.generator.form.v1`, the saved form, one of:
 *   - v1, one entry: `{ v: 1, collapsed, endpoints, components }`;
 *   - v2, a head `{ v: 2, collapsed, endpointEntries, componentEntries, base? }` over entries
 *     `….e<i>` (arrays of endpoints) and `….c<i>` (arrays of `[name, schema]`, the component
 *     table an endpoint's `c` indexes); an endpoint given as a string is its id alone, a view of
 *     the kept document `base` unchanged;
 *   - `{"v":"idb"}`: the same entries are in IndexedDB, db `specform`, store `documents`,
 *     under `form:<scope><key>`;
 * - localStorage `<scope>specform.generator.document.v1` (the document panel) and
 *   `….schemas` (the shared schemas);
 * - localStorage `<scope>specform.projects.formRevision`: the server revision a project's form
 *   was saved at ('' when unknown); `specform.projects.formOwner` (no scope): the single form
 *   slot's owner before workspaces, dropped (the slot is the browser's own workspace);
 * - IndexedDB `specform`/`documents`: `generator-source-id` (scope '') or
 *   `generator-source-id@<scope>` → the id of the kept text, `source:<id>` → the text (a
 *   string or a Blob), `generator-source` → the text of the oldest versions (scope '' only),
 *   `output:<scope>` → `{ text, viewStateJson }` (the output editor's text as a change of
 *   `text`);
 * - IndexedDB `specform-projects`/`pending` (keyPath `projectId`): a project's change the server
 *   has not got, `{ projectId, baseRevision, content, viewStateJson, keptAt }`.
 */
import { isEndpointView } from './view-state';
import type { Endpoint, Schema } from '../../shared/openapi';
import type { DocumentMeta } from '../../shared/openapi/document/meta';
import type { OutputChange } from '../../shared/projects';

export const FORM_KEY = 'specform.generator.form.v1';
/** The form head saying the entries are in IndexedDB (localStorage refused them). */
export const IN_INDEXED_DB = '{"v":"idb"}';
export const DOCUMENT_KEY = 'specform.generator.document.v1';
export const SCHEMAS_KEY = `${DOCUMENT_KEY}.schemas`;
export const FORM_REVISION_KEY = 'specform.projects.formRevision';
export const OLD_FORM_OWNER_KEY = 'specform.projects.formOwner';

export const LEGACY_DB = 'specform';
export const LEGACY_STORE = 'documents';
export const PENDING_DB = 'specform-projects';
export const PENDING_STORE = 'pending';

const PROJECT_SCOPE_PREFIX = 'ws.project:';
const CURRENT_SOURCE_KEY = 'generator-source-id';
export const LEGACY_SOURCE_KEY = 'generator-source';
const SOURCE_PREFIX = 'source:';
const OUTPUT_PREFIX = 'output:';
const FORM_ENTRY_PREFIX = 'form:';

/** `''` for the browser's own workspace, `ws.project:<id>/` for a project's. */
export function projectScope(projectId: string): string {
  return `${PROJECT_SCOPE_PREFIX}${projectId}/`;
}

/** The project a scoped key belongs to, and the key without its scope; undefined for others. */
export function splitScopedKey(key: string): { projectId: string; rest: string } | undefined {
  if (!key.startsWith(PROJECT_SCOPE_PREFIX)) return undefined;
  const slash = key.indexOf('/', PROJECT_SCOPE_PREFIX.length);
  if (slash < 0) return undefined;
  return {
    projectId: key.slice(PROJECT_SCOPE_PREFIX.length, slash),
    rest: key.slice(slash + 1),
  };
}

/** The localStorage keys (without scope) a workspace's old data can have. */
export function isWorkspaceKey(key: string): boolean {
  return (
    key === FORM_KEY ||
    key.startsWith(`${FORM_KEY}.`) ||
    key === DOCUMENT_KEY ||
    key === SCHEMAS_KEY ||
    key === FORM_REVISION_KEY
  );
}

/** The IndexedDB key of a scope's current text id. */
export function currentSourceKey(scope: string): string {
  return scope === '' ? CURRENT_SOURCE_KEY : `${CURRENT_SOURCE_KEY}@${scope}`;
}

export function sourceKey(id: string): string {
  return SOURCE_PREFIX + id;
}

export function outputKey(scope: string): string {
  return OUTPUT_PREFIX + scope;
}

/** The IndexedDB key of a form entry (`key` is its localStorage key without the scope). */
export function formEntryKey(scope: string, key: string): string {
  return FORM_ENTRY_PREFIX + scope + key;
}

/**
 * What an IndexedDB key of `specform`/`documents` is: the scope it belongs to (undefined for a
 * kept text, which any scope may name) and its kind; undefined for a key no old version wrote.
 */
export function classifyDocumentKey(
  key: string,
): { kind: 'current' | 'source' | 'legacy' | 'output' | 'form'; scope?: string } | undefined {
  if (key === LEGACY_SOURCE_KEY) return { kind: 'legacy', scope: '' };
  if (key === CURRENT_SOURCE_KEY) return { kind: 'current', scope: '' };
  if (key.startsWith(`${CURRENT_SOURCE_KEY}@`)) {
    return { kind: 'current', scope: key.slice(CURRENT_SOURCE_KEY.length + 1) };
  }
  if (key.startsWith(SOURCE_PREFIX)) return { kind: 'source' };
  if (key.startsWith(OUTPUT_PREFIX))
    return { kind: 'output', scope: key.slice(OUTPUT_PREFIX.length) };
  if (key.startsWith(FORM_ENTRY_PREFIX)) {
    const rest = key.slice(FORM_ENTRY_PREFIX.length);
    const scoped = splitScopedKey(rest);
    const scope = scoped === undefined ? '' : projectScope(scoped.projectId);
    const within = scoped === undefined ? rest : scoped.rest;
    return within === FORM_KEY || within.startsWith(`${FORM_KEY}.`)
      ? { kind: 'form', scope }
      : undefined;
  }
  return undefined;
}

/** The project of a scope (`ws.project:<id>/`); undefined for the browser's own (''). */
export function projectOfScope(scope: string): string | undefined {
  return splitScopedKey(scope)?.projectId;
}

interface SavedEndpoint extends Omit<Endpoint, 'schemaComponents'> {
  /** Indexes into the saved component table. */
  c?: number[];
}

interface SavedHead {
  v?: unknown;
  collapsed?: unknown;
  endpoints?: unknown;
  components?: unknown;
  endpointEntries?: unknown;
  componentEntries?: unknown;
  base?: unknown;
}

/** A saved form, as the new view state wants it. */
export interface LegacyForm {
  /** Every endpoint's id, in the saved order (those saved as an id alone included). */
  order: string[];
  /** The endpoints saved whole, their shared components put back. */
  drafts: Endpoint[];
  collapsed: string[];
  /** The kept text whose views the id-only entries are, when the head names one. */
  base?: string;
}

/** A saved endpoint: an endpoint's shape (its components listed by index, `c`). */
function isEndpointLike(value: unknown): value is SavedEndpoint {
  return isEndpointView(value);
}

/**
 * Decodes a saved form (v1 one-entry or v2 entries) from `get`, which answers an entry by its
 * key without scope (`specform.generator.form.v1`, `….e0`, …) from localStorage or from the
 * IndexedDB entries. Undefined when there is none or it is unreadable (a missing entry: the old
 * reader gave up on the whole form too). The `{"v":"idb"}` head is the caller's to follow.
 */
export function decodeForm(
  get: (key: string) => string | null | undefined,
): LegacyForm | undefined {
  try {
    const raw = get(FORM_KEY);
    if (!raw || raw === IN_INDEXED_DB) return undefined;
    const head = JSON.parse(raw) as SavedHead | null;
    if (head === null || typeof head !== 'object') return undefined;
    let endpoints: unknown;
    let components: unknown;
    if (head.v === 2) {
      const read = (prefix: string, count: unknown): unknown[] => {
        const out: unknown[] = [];
        for (let i = 0; i < (typeof count === 'number' ? count : 0); i++) {
          const part = get(`${FORM_KEY}.${prefix}${i}`);
          if (part === null || part === undefined) throw new Error('missing entry');
          const items: unknown = JSON.parse(part);
          if (!Array.isArray(items)) throw new Error('unreadable entry');
          for (const item of items) out.push(item);
        }
        return out;
      };
      endpoints = read('e', head.endpointEntries);
      components = read('c', head.componentEntries);
    } else if (head.v === 1) {
      endpoints = head.endpoints;
      components = head.components;
    } else {
      return undefined;
    }
    if (!Array.isArray(endpoints)) return undefined;
    const table = (Array.isArray(components) ? components : []) as unknown[];
    const order: string[] = [];
    const drafts: Endpoint[] = [];
    for (const saved of endpoints as unknown[]) {
      if (typeof saved === 'string') {
        // A view of the kept text, unchanged: opening the text gives it again.
        order.push(saved);
        continue;
      }
      if (!isEndpointLike(saved)) continue;
      const { c, ...rest } = saved;
      const endpoint: Endpoint = {
        ...rest,
        summary: typeof rest.summary === 'string' ? rest.summary : '',
      };
      if (Array.isArray(c)) {
        // The same table objects for every endpoint: the sharing the old reader put back.
        const map: Record<string, Schema> = {};
        for (const index of c) {
          const entry = typeof index === 'number' ? table[index] : undefined;
          if (Array.isArray(entry) && typeof entry[0] === 'string') {
            map[entry[0]] = entry[1] as Schema;
          }
        }
        endpoint.schemaComponents = map;
      }
      order.push(endpoint.id);
      drafts.push(endpoint);
    }
    const collapsed = Array.isArray(head.collapsed)
      ? head.collapsed.filter((x): x is string => typeof x === 'string')
      : [];
    const form: LegacyForm = { order, drafts, collapsed };
    if (typeof head.base === 'string') form.base = head.base;
    return form;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The saved document panel: meta when readable, schemas when saved and readable. */
export function decodeDocumentPanel(get: (key: string) => string | null | undefined): {
  meta?: DocumentMeta;
  schemas?: Record<string, Schema>;
} {
  const out: { meta?: DocumentMeta; schemas?: Record<string, Schema> } = {};
  try {
    const text = get(DOCUMENT_KEY);
    const saved: unknown = text ? JSON.parse(text) : undefined;
    if (isObject(saved) && isObject(saved.info)) out.meta = saved as unknown as DocumentMeta;
  } catch {
    // unreadable: the text holds the document panel
  }
  try {
    const text = get(SCHEMAS_KEY);
    const saved: unknown = text ? JSON.parse(text) : undefined;
    if (isObject(saved)) out.schemas = saved as Record<string, Schema>;
  } catch {
    // unreadable: the text holds the schemas
  }
  return out;
}

/** A project's form revision (`''` or anything unreadable: unknown). */
export function decodeFormRevision(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const revision = Number(value);
  return Number.isInteger(revision) ? revision : undefined;
}

/** A kept text: a string or a Blob (a Blob stays one: it can be megabytes). */
export function decodeSource(value: unknown): string | Blob | undefined {
  if (typeof value === 'string') return value;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value;
  return undefined;
}

export interface LegacyOutput {
  text: string | Blob;
  viewStateJson: string | null;
}

/** An output record (`output:<scope>`), or undefined when unreadable. */
export function decodeOutput(value: unknown): LegacyOutput | undefined {
  if (!isObject(value)) return undefined;
  const text = decodeSource(value.text);
  if (text === undefined) return undefined;
  return {
    text,
    viewStateJson: typeof value.viewStateJson === 'string' ? value.viewStateJson : null,
  };
}

export interface LegacyPending {
  projectId: string;
  baseRevision: number;
  content: string;
  viewStateJson: string | null;
  keptAt?: number;
}

/** A pending record of `specform-projects`, or undefined when unreadable. */
export function decodePending(value: unknown): LegacyPending | undefined {
  if (!isObject(value)) return undefined;
  const { projectId, baseRevision, content, viewStateJson, keptAt } = value;
  if (typeof projectId !== 'string' || typeof content !== 'string') return undefined;
  if (typeof baseRevision !== 'number' || !Number.isInteger(baseRevision)) return undefined;
  const pending: LegacyPending = {
    projectId,
    baseRevision,
    content,
    viewStateJson: typeof viewStateJson === 'string' ? viewStateJson : null,
  };
  if (typeof keptAt === 'number') pending.keptAt = keptAt;
  return pending;
}

/**
 * The output editor's change in a project view state's JSON (`{ v: 2, output }`); version 1
 * or none kept no change (the content was the output), and anything unreadable is none.
 */
export function decodeOutputChange(json: string | null): OutputChange | undefined {
  if (json === null) return undefined;
  try {
    const state: unknown = JSON.parse(json);
    if (!isObject(state) || state.v !== 2 || !isObject(state.output)) return undefined;
    const { start, end, text } = state.output;
    if (
      typeof start !== 'number' ||
      typeof end !== 'number' ||
      !Number.isInteger(start) ||
      !Number.isInteger(end) ||
      start < 0 ||
      start > end ||
      typeof text !== 'string'
    ) {
      return undefined;
    }
    return { start, end, text };
  } catch {
    return undefined;
  }
}
