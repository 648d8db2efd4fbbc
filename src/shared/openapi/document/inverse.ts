/**
 * The undo of a document command: the commands that take the document back from the state a
 * command left to the state it found. Pure, beside the commands' own pure functions
 * (view-commands.ts, meta-commands.ts): an undo stack keeps, per applied batch, what
 * {@link inverseOf} answers, and applies the entries in reverse order.
 *
 * An inverse restores what its command changed, from the state before it (the old value of a
 * field, the removed parameter at its place, the removed endpoint's view at its place in the
 * form's order), plus what the session changed along with it: shared schemas a removal left
 * unused are dropped by the session, so the inverse puts them back at their places first.
 */
import { CoreError } from '../errors';
import type { Endpoint, Parameter, Schema } from '../model';
import { isObject, own, type JsonObject } from '../openapi-common';
import type { DocumentMeta } from './meta';
import type { DocumentCommand } from './session';
import {
  clampIndex,
  isEndpointCommand,
  type EndpointCommand,
  type ViewPath,
} from './view-commands';

/** What an inverse is computed from: the form's state around one command. */
export interface UndoState {
  /** The views in the form's order. */
  endpoints: readonly Endpoint[];
  meta: DocumentMeta;
  /** `components.schemas` by name, in order. */
  schemas: Readonly<Record<string, Schema>>;
  /** The document's text: needed only to undo a command that opens a text (adoptText, load). */
  text?: string;
}

/**
 * The commands (one batch) that take the document from `after`, the state `command` left, back
 * to `before`, the state it was applied to. Throws a CoreError (INVALID_INPUT) for a command
 * that opens a text when `before.text` is not given.
 */
export function inverseOf(
  command: DocumentCommand,
  before: UndoState,
  after: UndoState,
): DocumentCommand[] {
  const schemas = restoredSchemas(before, after);
  if (isEndpointCommand(command)) {
    return [...schemas, ...inverseOfEndpointCommand(command, viewOf(before, command.endpointId))];
  }
  switch (command.kind) {
    case 'putEndpoint':
      return [...schemas, { kind: 'putEndpoint', endpoint: viewOf(before, command.endpoint.id) }];
    case 'addEndpoint':
      return [...schemas, { kind: 'removeEndpoint', endpointId: command.endpoint.id }];
    case 'removeEndpoint': {
      const index = before.endpoints.findIndex((e) => e.id === command.endpointId);
      const endpoint = viewOf(before, command.endpointId);
      return [...schemas, { kind: 'addEndpoint', endpoint, index }];
    }
    case 'moveEndpoint': {
      const index = before.endpoints.findIndex((e) => e.id === command.endpointId);
      return [{ kind: 'moveEndpoint', endpointId: command.endpointId, index }];
    }
    case 'setMeta':
      return [{ kind: 'setMeta', meta: metaAsBefore(before.meta, Object.keys(command.meta)) }];
    case 'setMetaAt':
    case 'insertMetaAt':
    case 'removeMetaAt':
      return [{ kind: 'setMeta', meta: metaAsBefore(before.meta, [command.path[0]]) }];
    case 'setSchema':
    case 'removeSchema':
      return schemas;
    case 'renameSchema':
      if (command.from === command.to || !Object.hasOwn(before.schemas, command.from)) return [];
      return [{ kind: 'renameSchema', from: command.to, to: command.from }];
    case 'load':
    case 'adoptText':
      if (before.text === undefined) {
        throw new CoreError('INVALID_INPUT', `Undoing ${command.kind} needs the text before it.`);
      }
      return [{ kind: command.kind, text: before.text }];
    case 'markLoaded':
      return [];
    default:
      throw new CoreError(
        'INVALID_INPUT',
        `Unknown command: ${String((command as { kind?: unknown }).kind)}.`,
      );
  }
}

function viewOf(state: UndoState, id: string): Endpoint {
  const view = state.endpoints.find((e) => e.id === id);
  if (view === undefined) throw new CoreError('UNKNOWN_TARGET', `No endpoint has the id ${id}.`);
  return view;
}

/** The panel's values of `keys` as they were (undefined: the key was not there). */
function metaAsBefore(meta: DocumentMeta, keys: readonly string[]): Partial<DocumentMeta> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = own(meta as unknown as JsonObject, key);
  return out as Partial<DocumentMeta>;
}

/**
 * Shared schemas back as they were: the ones added removed, the ones replaced set back, the ones
 * removed (by a command, or dropped by the session as unused) put back at their places, in
 * the order of `before` so that each index is right when it is inserted.
 */
function restoredSchemas(before: UndoState, after: UndoState): DocumentCommand[] {
  const out: DocumentCommand[] = [];
  for (const name of Object.keys(after.schemas)) {
    if (!Object.hasOwn(before.schemas, name)) out.push({ kind: 'removeSchema', name });
  }
  Object.keys(before.schemas).forEach((name, index) => {
    const schema = before.schemas[name] as Schema;
    if (after.schemas[name] !== schema || !Object.hasOwn(after.schemas, name)) {
      out.push({ kind: 'setSchema', name, schema, index });
    }
  });
  return out;
}

/** The inverse of an edit inside one endpoint's view, from the view it was applied to. */
function inverseOfEndpointCommand(command: EndpointCommand, view: Endpoint): DocumentCommand[] {
  const endpointId = command.endpointId;
  switch (command.kind) {
    case 'setField': {
      const field = command.field;
      const out: DocumentCommand[] = [
        {
          kind: 'setField',
          endpointId,
          field,
          value: own(view as unknown as JsonObject, field),
        } as DocumentCommand,
      ];
      if (field === 'method' && command.value === 'GET' && view.method !== 'GET') {
        // Switching to GET dropped the request body: it comes back with the old method.
        if (view.requestBody !== undefined) {
          out.push({ kind: 'setAt', endpointId, path: ['requestBody'], value: view.requestBody });
        }
        if (view.requestBodyRequired !== undefined) {
          out.push({
            kind: 'setField',
            endpointId,
            field: 'requestBodyRequired',
            value: view.requestBodyRequired,
          });
        }
      }
      return out;
    }
    case 'addParameter':
      return [
        {
          kind: 'removeParameter',
          endpointId,
          index: clampIndex(command.index, view.parameters.length),
        },
      ];
    case 'removeParameter':
      return [
        {
          kind: 'addParameter',
          endpointId,
          index: command.index,
          parameter: view.parameters[command.index] as Parameter,
        },
      ];
    case 'setParameter':
      // The parameter whole: a change of location also sets or clears `required`.
      return [
        {
          kind: 'setParameter',
          endpointId,
          index: command.index,
          change: parameterAsBefore(view.parameters[command.index] as Parameter, command.change),
        },
      ];
    case 'setAt': {
      if (command.value === undefined) {
        const whole = keyBackInPlace(endpointId, view, command.path);
        if (whole !== undefined) return [whole];
      }
      return [
        { kind: 'setAt', endpointId, path: command.path, value: valueAt(view, command.path) },
      ];
    }
    case 'insertAt':
      return [{ kind: 'removeAt', endpointId, path: command.path }];
    case 'removeAt': {
      const old = valueAt(view, command.path);
      if (Array.isArray(valueAt(view, command.path.slice(0, -1)))) {
        return [{ kind: 'insertAt', endpointId, path: command.path, value: old }];
      }
      const whole = keyBackInPlace(endpointId, view, command.path);
      return [whole ?? { kind: 'setAt', endpointId, path: command.path, value: old }];
    }
  }
}

/**
 * A key removed from inside an object comes back at its place: set back on its own it would be
 * the object's last (a schema's properties keep their order). Then the object is set back
 * whole; undefined when the key was the last, or when the object is the view itself.
 */
function keyBackInPlace(
  endpointId: string,
  view: Endpoint,
  path: ViewPath,
): DocumentCommand | undefined {
  if (path.length < 2) return undefined;
  const parentPath = path.slice(0, -1) as unknown as ViewPath;
  const parent = valueAt(view, parentPath);
  const key = path[path.length - 1];
  if (!isObject(parent) || typeof key !== 'string' || !Object.hasOwn(parent, key)) return undefined;
  const keys = Object.keys(parent).filter((k) => parent[k] !== undefined);
  if (keys.length === 0 || keys[keys.length - 1] === key) return undefined;
  return { kind: 'setAt', endpointId, path: parentPath, value: parent };
}

/** The change that sets a parameter's fields back (undefined: the field was not there). */
function parameterAsBefore(
  parameter: Parameter,
  change: Partial<Omit<Parameter, 'id'>>,
): Partial<Omit<Parameter, 'id'>> {
  const keys = new Set([...Object.keys(change), 'required', 'hideRequired']);
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key !== 'id') out[key] = own(parameter as unknown as JsonObject, key);
  return out as Partial<Omit<Parameter, 'id'>>;
}

/** The value at `path` inside a view (undefined: not there). */
function valueAt(view: Endpoint, path: readonly (string | number)[] | ViewPath): unknown {
  let at: unknown = view;
  for (const step of path) {
    if (Array.isArray(at) && typeof step === 'number') at = at[step];
    else if (isObject(at) && typeof step === 'string') at = own(at, step);
    else return undefined;
  }
  return at;
}
