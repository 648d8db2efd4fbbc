/**
 * The document panel's edits and the shared schemas' as commands that carry their target, and
 * the pure functions that make them ({@link applyToMeta}, {@link applyToSchemas}). The worker's
 * document session runs them for its document and the page runs the same functions on its
 * cache at once, as for an endpoint's view (view-commands.ts). A panel command names a place
 * inside the panel (`['info', 'title']`, `['servers', 1, 'url']`, `['tags', 3]`), so typing a
 * title sends the title, never the panel whole.
 */
import { CoreError } from '../errors';
import type { Schema } from '../model';
import { isObject, setOwn } from '../openapi-common';
import type { DocumentMeta } from './meta';
import { clampIndex, editPath } from './view-commands';

/** The parts of the document panel a {@link MetaPath} may start at. */
export type MetaRoot = keyof DocumentMeta;

const META_ROOTS: ReadonlySet<string> = new Set<MetaRoot>([
  'openapi',
  'info',
  'servers',
  'security',
  'securitySchemes',
  'tags',
]);

/** A place inside the document panel: a part of it, then keys and list indexes below it. */
export type MetaPath = readonly [MetaRoot, ...(string | number)[]];

/** One edit of the document panel (see {@link applyToMeta}). */
export type MetaCommand =
  /** Sets the value at `path` (an undefined value removes a key); the parents must exist. */
  | { kind: 'setMetaAt'; path: MetaPath; value: unknown }
  /** Inserts `value` into the list at `path`, before the item at its last index. */
  | { kind: 'insertMetaAt'; path: MetaPath; value: unknown }
  /** Removes the item at `path` from its list (or the key from its object). */
  | { kind: 'removeMetaAt'; path: MetaPath };

/** One edit of the shared schemas (`components.schemas`), see {@link applyToSchemas}. */
export type SchemaCommand =
  /**
   * Adds or replaces one shared schema. A replaced one keeps its place; a new one goes at
   * `index` of the order (the end when absent).
   */
  | { kind: 'setSchema'; name: string; schema: Schema; index?: number }
  | { kind: 'removeSchema'; name: string };

const META_COMMANDS: ReadonlySet<string> = new Set<MetaCommand['kind']>([
  'setMetaAt',
  'insertMetaAt',
  'removeMetaAt',
]);

export function isMetaCommand(command: { kind: string }): command is MetaCommand {
  return META_COMMANDS.has(command.kind);
}

export function isSchemaCommand(command: { kind: string }): command is SchemaCommand {
  return command.kind === 'setSchema' || command.kind === 'removeSchema';
}

/**
 * The panel as `command` leaves it (a new object; the given one is not changed). Throws a
 * CoreError for a place that is not there or not in the panel. Pure: the session and the page
 * both run it.
 */
export function applyToMeta(meta: DocumentMeta, command: MetaCommand): DocumentMeta {
  const path = command.path;
  const where = `document ${Array.isArray(path) ? path.join('.') : String(path)}`;
  if (!Array.isArray(path) || path.length === 0 || !META_ROOTS.has(path[0] as string)) {
    throw new CoreError('INVALID_INPUT', `Not a place in the document panel: ${where}.`);
  }
  if (path.length === 1 && command.kind !== 'setMetaAt') {
    throw new CoreError('INVALID_INPUT', `Not a list item: ${where}.`);
  }
  const value = command.kind === 'removeMetaAt' ? undefined : command.value;
  if (path[0] === 'openapi' && (path.length > 1 || typeof value !== 'string')) {
    throw new CoreError('INVALID_INPUT', 'The OpenAPI version is text.');
  }
  if (path[0] === 'info' && path.length === 1 && !isObject(value)) {
    throw new CoreError('INVALID_INPUT', 'The info is an object.');
  }
  switch (command.kind) {
    case 'setMetaAt':
      return editPath(meta, path, 'set', command.value, where);
    case 'insertMetaAt':
      return editPath(meta, path, 'insert', command.value, where);
    case 'removeMetaAt':
      return editPath(meta, path, 'remove', undefined, where);
    default:
      throw new CoreError(
        'INVALID_INPUT',
        `Not a panel command: ${String((command as { kind?: unknown }).kind)}.`,
      );
  }
}

/** The shared schemas as `command` leaves them (a new object, in their order). Pure. */
export function applyToSchemas(
  schemas: Readonly<Record<string, Schema>>,
  command: SchemaCommand,
): Record<string, Schema> {
  if (command.kind === 'removeSchema') {
    if (!Object.hasOwn(schemas, command.name)) {
      throw new CoreError('UNKNOWN_TARGET', `No shared schema is named ${command.name}.`);
    }
    const next: Record<string, Schema> = {};
    for (const name of Object.keys(schemas)) {
      if (name !== command.name) setOwn(next, name, schemas[name]);
    }
    return next;
  }
  if (typeof command.name !== 'string' || command.name.trim() === '') {
    throw new CoreError('INVALID_INPUT', 'A shared schema needs a name.');
  }
  if (!isObject(command.schema)) throw new CoreError('INVALID_INPUT', 'A schema is an object.');
  const names = Object.keys(schemas);
  if (!Object.hasOwn(schemas, command.name)) {
    names.splice(clampIndex(command.index, names.length), 0, command.name);
  }
  const next: Record<string, Schema> = {};
  for (const name of names) {
    setOwn(next, name, name === command.name ? command.schema : schemas[name]);
  }
  return next;
}
