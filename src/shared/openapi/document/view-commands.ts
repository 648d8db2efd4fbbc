/**
 * The edits of one endpoint's view, as commands that carry their target, and the one pure
 * function that makes them ({@link applyToView}). The worker's document session runs it for
 * its document, and the page runs the same function on its view cache at once (typing never
 * waits for the worker; the worker's answer is the truth, the way a Replicache mutator runs on
 * both sides). A command names the place it changes: a field, a parameter by index, or a path
 * inside the view (a body, a response, one of a body's examples), so a keystroke carries the
 * value typed, never the endpoint whole.
 */
import { CoreError } from '../errors';
import type { Endpoint, Parameter } from '../model';
import { isObject, own, setOwn, type JsonObject } from '../openapi-common';
import type { OpenApiDialect } from '../openapi-version';
import { featuresOf } from '../versions';

/** Endpoint fields a `setField` command sets, with the value each takes. */
export interface EndpointFields {
  path: string;
  method: Endpoint['method'];
  summary: string;
  /** undefined removes the field (likewise for every optional field). */
  description: string | undefined;
  operationId: string | undefined;
  tags: string[] | undefined;
  deprecated: boolean | undefined;
  /** undefined inherits the document's security, [] means none. */
  security: Endpoint['security'];
  requestBodyRequired: boolean | undefined;
  /** OpenAPI 3.1+: the operation is a webhook (written under `webhooks`). */
  webhook: boolean | undefined;
}

export type EndpointField = keyof EndpointFields;

/** The fields a `setField` command sets. */
export const ENDPOINT_FIELDS: ReadonlySet<string> = new Set<EndpointField>([
  'path',
  'method',
  'summary',
  'description',
  'operationId',
  'tags',
  'deprecated',
  'security',
  'requestBodyRequired',
  'webhook',
]);

/** Sets one field of one endpoint. Switching the method to GET drops the request body (spec §4). */
export type SetFieldCommand = {
  [K in EndpointField]: {
    kind: 'setField';
    endpointId: string;
    field: K;
    value: EndpointFields[K];
  };
}[EndpointField];

/**
 * A place inside one endpoint's view: the request body or a response, then keys and list
 * indexes below it (`['responses', 1, 'body', 'name']`, `['requestBody', 'examples', 0]`).
 */
export type ViewPath = readonly [ViewRoot, ...(string | number)[]];

/** The parts of a view a {@link ViewPath} may start at (fields and parameters have their own). */
export type ViewRoot = 'requestBody' | 'responses';

const VIEW_ROOTS: ReadonlySet<string> = new Set<ViewRoot>(['requestBody', 'responses']);

/** One edit of one endpoint's view (see {@link applyToView}). */
export type EndpointCommand =
  | SetFieldCommand
  /** Inserts a parameter at `index` of the endpoint's parameters (the end when absent). */
  | { kind: 'addParameter'; endpointId: string; parameter: Parameter; index?: number }
  | { kind: 'removeParameter'; endpointId: string; index: number }
  /** Changes fields of parameter `index`; an undefined value removes an optional field. */
  | {
      kind: 'setParameter';
      endpointId: string;
      index: number;
      change: Partial<Omit<Parameter, 'id'>>;
    }
  /** Sets the value at `path` (an undefined value removes a key); the parents must exist. */
  | { kind: 'setAt'; endpointId: string; path: ViewPath; value: unknown }
  /** Inserts `value` into the list at `path`, before the item at its last index. */
  | { kind: 'insertAt'; endpointId: string; path: ViewPath; value: unknown }
  /** Removes the item at `path` from its list (or the key from its object). */
  | { kind: 'removeAt'; endpointId: string; path: ViewPath };

const ENDPOINT_COMMANDS: ReadonlySet<string> = new Set<EndpointCommand['kind']>([
  'setField',
  'addParameter',
  'removeParameter',
  'setParameter',
  'setAt',
  'insertAt',
  'removeAt',
]);

/** Whether a command edits one endpoint's view (what {@link applyToView} makes). */
export function isEndpointCommand(command: { kind: string }): command is EndpointCommand {
  return ENDPOINT_COMMANDS.has(command.kind);
}

/**
 * The view as `command` leaves it (a new object; the given view is not changed, and a command
 * that changes nothing answers it as it is). Throws a CoreError for a target that is not there
 * (UNKNOWN_TARGET) or a value the place cannot take (INVALID_INPUT). Pure: the session and the
 * page both run it.
 */
export function applyToView(
  endpoint: Endpoint,
  command: EndpointCommand,
  dialect: OpenApiDialect,
): Endpoint {
  switch (command.kind) {
    case 'setField':
      return withField(endpoint, command.field, command.value, dialect);
    case 'addParameter': {
      if (!isObject(command.parameter) || typeof command.parameter.id !== 'string') {
        throw new CoreError('INVALID_INPUT', 'A parameter needs an id.');
      }
      const parameters = [...endpoint.parameters];
      parameters.splice(clampIndex(command.index, parameters.length), 0, command.parameter);
      return { ...endpoint, parameters };
    }
    case 'removeParameter':
      parameterAt(endpoint, command.index);
      return { ...endpoint, parameters: endpoint.parameters.filter((_, i) => i !== command.index) };
    case 'setParameter': {
      const parameter = withParameterChange(
        parameterAt(endpoint, command.index),
        command.change ?? {},
      );
      const parameters = endpoint.parameters.map((p, i) => (i === command.index ? parameter : p));
      return { ...endpoint, parameters };
    }
    case 'setAt':
    case 'insertAt':
    case 'removeAt':
      return editAt(endpoint, command);
    default:
      throw new CoreError(
        'INVALID_INPUT',
        `Not an endpoint command: ${String((command as { kind?: unknown }).kind)}.`,
      );
  }
}

/** The endpoint a command edits. */
export function commandTarget(command: EndpointCommand): string {
  return command.endpointId;
}

type PathCommand = Extract<EndpointCommand, { kind: 'setAt' | 'insertAt' | 'removeAt' }>;

/** setAt / insertAt / removeAt inside a view: a body or a response and below. */
function editAt(endpoint: Endpoint, command: PathCommand): Endpoint {
  const path = command.path;
  const where = `${endpoint.id} ${Array.isArray(path) ? path.join('.') : String(path)}`;
  if (!Array.isArray(path) || path.length === 0 || !VIEW_ROOTS.has(path[0] as string)) {
    throw new CoreError('INVALID_INPUT', `Not a place inside a view: ${where}.`);
  }
  if (command.kind === 'setAt' && path.length === 1 && path[0] === 'responses') {
    if (!Array.isArray(command.value))
      throw new CoreError('INVALID_INPUT', 'Responses are a list.');
  }
  const op = command.kind === 'setAt' ? 'set' : command.kind === 'insertAt' ? 'insert' : 'remove';
  return editPath(endpoint, path, op, 'value' in command ? command.value : undefined, where);
}

/**
 * `root` with the place at `path` set, inserted into (a list) or removed: the containers on the
 * path are copied, nothing else is (keys the form does not show stay). An undefined value set
 * on an object's key removes it. Throws a CoreError for a path that is not there
 * (UNKNOWN_TARGET) or not a path (INVALID_INPUT). Shared by the view's and the document
 * panel's path commands.
 */
export function editPath<T>(
  root: T,
  path: readonly (string | number)[],
  op: 'set' | 'insert' | 'remove',
  value: unknown,
  where: string,
): T {
  if (!Array.isArray(path) || path.length === 0) {
    throw new CoreError('INVALID_INPUT', `Not a place: ${where}.`);
  }
  for (const step of path) {
    const key = typeof step === 'number' ? Number.isInteger(step) && step >= 0 : step !== '';
    if (!key || step === '__proto__') {
      throw new CoreError('INVALID_INPUT', `Not a place: ${where}.`);
    }
  }
  const edit = (container: unknown, depth: number): unknown => {
    const step = path[depth] as string | number;
    const last = depth === path.length - 1;
    if (Array.isArray(container)) {
      if (typeof step !== 'number') {
        throw new CoreError('UNKNOWN_TARGET', `No such place: ${where}.`);
      }
      const items = [...(container as unknown[])];
      if (last && op === 'insert') {
        if (step > items.length) throw new CoreError('UNKNOWN_TARGET', `No such place: ${where}.`);
        items.splice(step, 0, value);
        return items;
      }
      if (step >= items.length) throw new CoreError('UNKNOWN_TARGET', `No such place: ${where}.`);
      if (!last) items[step] = edit(items[step], depth + 1);
      else if (op === 'remove') items.splice(step, 1);
      else if (value === undefined) {
        throw new CoreError('INVALID_INPUT', `A list item is set to a value: ${where}.`);
      } else items[step] = value;
      return items;
    }
    if (!isObject(container) || typeof step !== 'string') {
      throw new CoreError('UNKNOWN_TARGET', `No such place: ${where}.`);
    }
    const object: JsonObject = {};
    for (const key of Object.keys(container)) setOwn(object, key, own(container, key));
    if (!last) {
      setOwn(object, step, edit(own(object, step), depth + 1));
    } else if (op === 'insert') {
      throw new CoreError('INVALID_INPUT', `Inserting is into a list: ${where}.`);
    } else if (op === 'remove' || value === undefined) {
      delete object[step];
    } else {
      setOwn(object, step, value);
    }
    return object;
  };
  return edit(root, 0) as T;
}

/**
 * A parameter with `change` made (an undefined value removes an optional field; the id stays).
 * A path parameter is required, without its checkbox; no other one hides it.
 */
export function withParameterChange(
  before: Parameter,
  change: Partial<Omit<Parameter, 'id'>>,
): Parameter {
  const parameter = { ...before } as Parameter & JsonObject;
  for (const [key, value] of Object.entries(change)) {
    if (key === 'id') continue;
    if (value === undefined) delete parameter[key];
    else parameter[key] = value as JsonObject[string];
  }
  if (parameter.location === 'path') {
    parameter.required = true;
    parameter.hideRequired = true;
  } else {
    delete parameter.hideRequired;
  }
  return parameter;
}

export function clampIndex(index: number | undefined, length: number): number {
  if (index === undefined || !Number.isInteger(index)) return length;
  return Math.max(0, Math.min(length, index));
}

function parameterAt(endpoint: Endpoint, index: number): Parameter {
  const parameter = Number.isInteger(index) ? endpoint.parameters[index] : undefined;
  if (parameter === undefined) {
    throw new CoreError('UNKNOWN_TARGET', `Endpoint ${endpoint.id} has no parameter ${index}.`);
  }
  return parameter;
}

/**
 * The view with one of its {@link ENDPOINT_FIELDS} set as a `setField` command sets it (an
 * undefined value removes it). Switching the method to GET drops the request body (spec §4, as
 * the form's method selector does). Throws a CoreError for a value the field cannot take.
 */
export function withField(
  endpoint: Endpoint,
  field: string,
  value: unknown,
  dialect: OpenApiDialect,
): Endpoint {
  if (!ENDPOINT_FIELDS.has(field))
    throw new CoreError('INVALID_INPUT', `Unknown field: ${String(field)}.`);
  if ((field === 'path' || field === 'summary') && typeof value !== 'string') {
    throw new CoreError('INVALID_INPUT', `The ${field} is text.`);
  }
  const next: Endpoint = { ...endpoint };
  if (field === 'method') {
    if (typeof value !== 'string') throw new CoreError('INVALID_INPUT', 'The method is text.');
    if (value === endpoint.method) return endpoint;
    next.method = value as Endpoint['method'];
    if (value === 'GET') {
      delete next.requestBody;
      delete next.requestBodyRequired;
    }
    return next;
  }
  const record = next as unknown as JsonObject;
  if (field === 'webhook' && value === true && !featuresOf(dialect).webhooks) {
    throw new CoreError('INVALID_INPUT', 'Webhooks exist from OpenAPI 3.1 on.');
  }
  if (value === undefined) delete record[field];
  else record[field] = value as JsonObject[string];
  return next;
}
