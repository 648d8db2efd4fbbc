/**
 * The page's form as commands against the worker's document session: what the
 * worker must be told so that its document equals the form, without shipping the whole form.
 *
 * - A view the worker does not hold as it is on the page (by identity, like the client's `sent`
 *   mirror) goes as the commands of its edit: `setField` for each top-level field that changed,
 *   `addParameter` / `removeParameter` / `setParameter` for its parameters, path commands at the
 *   place that changed inside a body or a response (see {@link editsOf}). A new view goes as
 *   `addEndpoint` at its place.
 * - The order is changed by the fewest moves (the longest run of endpoints already in order
 *   stays); an unchanged order sends no order command at all.
 * - The document panel goes as a `setMeta` of the fields that changed.
 * - The session marks every view a command changed as edited (its problems are
 *   errors), the page marks views "loaded and untouched" (warnings). `markLoaded` tells the
 *   session when the two differ, so its problems are the page's exactly.
 *
 * Pure: no worker, no React. GeneratorClient.sync runs it and keeps the state it returns.
 */
import {
  applyToView,
  ENDPOINT_FIELDS,
  isEndpointCommand,
  withField,
  withParameterChange,
  type DocumentCommand,
  type DocumentMeta,
  type Endpoint,
  type Parameter,
  type ViewPath,
} from '../../shared/openapi';
import { dialectWith } from '../../shared/openapi/versions';

/** What the worker's session holds, as the client last knew it. */
export interface SessionMirror {
  /** The session's revision (the next batch's base). */
  revision: number;
  /** The form's endpoint order in the session. */
  ids: readonly string[];
  /** The document panel in the session. */
  meta: DocumentMeta;
  /** Ids of the views the session counts as edited. */
  edited: ReadonlySet<string>;
}

export interface SyncPlan {
  commands: DocumentCommand[];
  /** The order after the commands (the page's). */
  ids: string[];
  /** The edited ids after the commands. */
  edited: Set<string>;
}

/**
 * The commands that make the session's document the form's. `sent` holds the view of each id as
 * the worker has it (by identity); an id the worker has but `sent` lacks is the document's own
 * view (opened again), which a view the page counts as loaded equals.
 */
export function planSync(
  mirror: SessionMirror,
  endpoints: readonly Endpoint[],
  meta: DocumentMeta | undefined,
  sent: ReadonlyMap<string, Endpoint>,
  isLoaded: (endpoint: Endpoint) => boolean,
): SyncPlan {
  const commands: DocumentCommand[] = [];
  const edited = new Set(mirror.edited);
  const wanted = new Set(endpoints.map((endpoint) => endpoint.id));
  const held = new Set(mirror.ids);

  // Removed endpoints first, so that places are counted among the ones that stay.
  let order = mirror.ids.filter((id) => wanted.has(id));
  for (const id of mirror.ids) {
    if (!wanted.has(id)) {
      commands.push({ kind: 'removeEndpoint', endpointId: id });
      edited.delete(id);
    }
  }

  // Views the worker holds, changed on the page.
  for (const endpoint of endpoints) {
    if (!held.has(endpoint.id)) continue;
    const known = sent.get(endpoint.id);
    const loaded = isLoaded(endpoint);
    const same = known === undefined ? loaded : known === endpoint;
    // A view the page counts as edited that the session does not: a put marks it.
    if (same && (loaded || edited.has(endpoint.id))) continue;
    const edits = known === undefined || known === endpoint ? undefined : editsOf(known, endpoint);
    if (edits === undefined) {
      commands.push({ kind: 'putEndpoint', endpoint: withoutDerived(endpoint) });
    } else if (edits.length === 0) {
      // The same view under a new identity: nothing to change, but a put marks it edited.
      if (!edited.has(endpoint.id) && !loaded) {
        commands.push({ kind: 'putEndpoint', endpoint: withoutDerived(endpoint) });
      }
    } else {
      commands.push(...edits);
    }
    edited.add(endpoint.id);
  }

  // New endpoints and moves: the longest run already in order stays where it is.
  const target = endpoints.map((endpoint) => endpoint.id);
  if (!sameList(order, target)) {
    const stays = longestRunInOrder(order, target);
    order = [...order];
    target.forEach((id, i) => {
      if (stays.has(id)) return;
      const at = order.indexOf(id);
      if (at >= 0) order.splice(at, 1);
      const index = i === 0 ? 0 : order.indexOf(target[i - 1] as string) + 1;
      order.splice(index, 0, id);
      if (at >= 0) {
        commands.push({ kind: 'moveEndpoint', endpointId: id, index });
      } else {
        commands.push({
          kind: 'addEndpoint',
          endpoint: withoutDerived(endpoints[i] as Endpoint),
          index,
        });
        edited.add(id);
      }
    });
  }

  if (meta !== undefined && meta !== mirror.meta) {
    const change = metaChange(mirror.meta, meta);
    if (change !== undefined) commands.push({ kind: 'setMeta', meta: change });
  }

  const asLoaded = endpoints
    .filter((endpoint) => edited.has(endpoint.id) && isLoaded(endpoint))
    .map((endpoint) => endpoint.id);
  if (asLoaded.length > 0) {
    commands.push({ kind: 'markLoaded', endpointIds: asLoaded });
    for (const id of asLoaded) edited.delete(id);
  }
  return { commands, ids: target, edited };
}

/** Keys that are not the view's content. */
const NOT_CONTENT: ReadonlySet<string> = new Set(['id', 'schemaComponents']);

/**
 * The commands that turn `before` (the view as the worker has it) into `after` (the page's),
 * each carrying its target: `setField` per changed field, parameter commands per changed,
 * added, removed or moved parameter, path commands (`setAt` / `insertAt` / `removeAt`) at the
 * deepest place that changed inside the body or a response. Undefined when the edit is not only
 * that (a key the form does not edit, parameters without distinct ids): the caller sends the
 * view whole. The
 * commands are checked by applying them here the way the session does: when the result would
 * not be `after`, the view goes whole, so the worker's document is the page's either way.
 */
export function editsOf(before: Endpoint, after: Endpoint): DocumentCommand[] | undefined {
  const commands: DocumentCommand[] = [];
  const value = (view: Endpoint, key: string) =>
    Object.hasOwn(view, key) ? (view as unknown as Record<string, unknown>)[key] : undefined;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !NOT_CONTENT.has(key),
  );
  // The fields first, the method before the rest (what it drops need not be set): each as the
  // session sets it, so a rule of the session's (GET drops the request body) is applied, not
  // restated.
  const fields = keys
    .filter((key) => ENDPOINT_FIELDS.has(key))
    .sort((x, y) => Number(y === 'method') - Number(x === 'method'));
  let applied = before;
  for (const field of fields) {
    const next = value(after, field);
    if (value(applied, field) === next || sameValue(value(applied, field), next)) continue;
    try {
      // The dialect only refuses a webhook: the session, which knows the document's, decides.
      applied = withField(applied, field, next, dialectWith('webhooks'));
    } catch {
      return undefined;
    }
    commands.push({
      kind: 'setField',
      endpointId: after.id,
      field,
      value: next,
    } as DocumentCommand);
  }
  for (const key of keys) {
    if (ENDPOINT_FIELDS.has(key)) continue;
    const x = value(applied, key);
    const y = value(after, key);
    if (x === y) continue;
    if (key === 'parameters') {
      const edits = parameterEdits(after.id, before.parameters, after.parameters);
      if (edits === undefined) return undefined;
      commands.push(...edits);
    } else if (key === 'requestBody' || key === 'responses') {
      pathEdits(after.id, [key], x, y, commands);
    } else {
      return undefined;
    }
  }
  // The check: the commands run through the session's own function must give the page's body
  // and responses (the fields and parameters are checked above, each as it is made).
  // What fails it is a value no path command can write (a list item that is `undefined`, a
  // response list that is not a list): then the view goes whole.
  let result = before;
  try {
    for (const command of commands) {
      if (isEndpointCommand(command)) {
        result = applyToView(result, command, dialectWith('webhooks'));
      }
    }
  } catch {
    return undefined;
  }
  for (const key of ['requestBody', 'responses']) {
    if (!sameTree(value(result, key), value(after, key))) return undefined;
  }
  return commands;
}

/** More path commands than this inside one object or list: it goes whole, as one command. */
const MANY_EDITS = 16;

/**
 * The fewest path commands that turn `x`, the value at `path`, into `y`: they descend to the
 * deepest place that changed (a description, an example, one schema keyword) and touch a list
 * by inserting or removing items at their index (a response added, removed or moved). An
 * object whose keys would come out in another order than `y`'s (a property renamed in place)
 * is set whole, since its order is written to the text; so is one with more than
 * {@link MANY_EDITS} edits inside.
 */
function pathEdits(
  endpointId: string,
  path: ViewPath,
  x: unknown,
  y: unknown,
  out: DocumentCommand[],
): void {
  if (x === y) return;
  const set = () => out.push({ kind: 'setAt', endpointId, path, value: y });
  if (Array.isArray(x) && Array.isArray(y)) {
    const inner: DocumentCommand[] = [];
    listEdits(endpointId, path, x, y, inner);
    // A list rewritten through (a schema derived again) goes whole, the responses list aside.
    if (inner.length > MANY_EDITS && path.length > 1) set();
    else out.push(...inner);
  } else if (isPlainObject(x) && isPlainObject(y)) {
    const before = definedKeys(x);
    const after = definedKeys(y);
    const afterSet = new Set(after);
    const kept = before.filter((key) => afterSet.has(key));
    const keptSet = new Set(kept);
    const order = [...kept, ...after.filter((key) => !keptSet.has(key))];
    const changed = [...new Set([...before, ...after])].filter(
      (key) => !sameTree(ownValue(x, key), ownValue(y, key)),
    );
    // Keys a path cannot name (editPath refuses them) go with their object.
    if (!sameList(order, after) || changed.some((key) => key === '' || key === '__proto__')) {
      set();
      return;
    }
    const inner: DocumentCommand[] = [];
    for (const key of changed) {
      pathEdits(endpointId, [...path, key], ownValue(x, key), ownValue(y, key), inner);
    }
    if (inner.length > MANY_EDITS) set();
    else out.push(...inner);
  } else if (!sameTree(x, y)) {
    set();
  }
}

/**
 * A list's edits: the items both ends keep are left alone; between them, one item moved is a
 * remove and an insert, one item changed is descended into, items only added or only removed
 * are inserted or removed at their index, and anything else is edited item by item.
 */
function listEdits(
  endpointId: string,
  path: ViewPath,
  x: readonly unknown[],
  y: readonly unknown[],
  out: DocumentCommand[],
): void {
  let start = 0;
  while (start < x.length && start < y.length && sameTree(x[start], y[start])) start += 1;
  let end = 0;
  while (
    end < x.length - start &&
    end < y.length - start &&
    sameTree(x[x.length - 1 - end], y[y.length - 1 - end])
  ) {
    end += 1;
  }
  const from = x.slice(start, x.length - end);
  const to = y.slice(start, y.length - end);
  const at = (i: number): ViewPath => [...path, start + i];
  const insert = (i: number, item: unknown) =>
    out.push({ kind: 'insertAt', endpointId, path: at(i), value: item });
  const remove = (i: number) => out.push({ kind: 'removeAt', endpointId, path: at(i) });
  const n = from.length;
  if (n === to.length && n > 1) {
    // One item moved down (its old place is the run's first) or up (its new place is).
    if (sameTree(from[0], to[n - 1]) && from.slice(1).every((item, i) => sameTree(item, to[i]))) {
      remove(0);
      insert(n - 1, to[n - 1]);
      return;
    }
    if (sameTree(from[n - 1], to[0]) && to.slice(1).every((item, i) => sameTree(item, from[i]))) {
      remove(n - 1);
      insert(0, to[0]);
      return;
    }
  }
  const common = Math.min(n, to.length);
  for (let i = 0; i < common; i++) pathEdits(endpointId, at(i), from[i], to[i], out);
  for (let i = n - 1; i >= common; i--) remove(i);
  for (let i = common; i < to.length; i++) insert(i, to[i]);
}

function ownValue(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An object's keys that hold a value (an `undefined` one is no key in the text). */
function definedKeys(object: Record<string, unknown>): string[] {
  return Object.keys(object).filter((key) => object[key] !== undefined);
}

/**
 * Two views' values the same, keys in the same order (the text follows it); an `undefined`
 * value is no key. Identity first: the page's edits keep what they did not touch.
 */
function sameTree(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (Array.isArray(x)) {
    return Array.isArray(y) && x.length === y.length && x.every((item, i) => sameTree(item, y[i]));
  }
  if (!isPlainObject(x) || !isPlainObject(y)) return false;
  const a = definedKeys(x);
  const b = definedKeys(y);
  return (
    a.length === b.length &&
    a.every((key, i) => key === b[i] && sameTree(ownValue(x, key), ownValue(y, key)))
  );
}

/**
 * Parameter commands: the parameters both lists hold in the same order stay (the longest such
 * run); the others are removed (from the last), then each new or moved one is added at its
 * place and each changed one that stayed is set there.
 */
function parameterEdits(
  endpointId: string,
  before: readonly Parameter[],
  after: readonly Parameter[],
): DocumentCommand[] | undefined {
  if (!Array.isArray(before) || !Array.isArray(after)) return undefined;
  const beforeById = new Map(before.map((p) => [p.id, p]));
  const afterIds = after.map((p) => p.id);
  if (beforeById.size !== before.length || new Set(afterIds).size !== after.length) {
    return undefined;
  }
  const stays = longestRunInOrder(
    before.map((p) => p.id),
    afterIds,
  );
  const commands: DocumentCommand[] = [];
  for (let i = before.length - 1; i >= 0; i--) {
    if (!stays.has((before[i] as Parameter).id)) {
      commands.push({ kind: 'removeParameter', endpointId, index: i });
    }
  }
  for (const [index, parameter] of after.entries()) {
    const old = beforeById.get(parameter.id);
    if (old === undefined || !stays.has(parameter.id)) {
      commands.push({ kind: 'addParameter', endpointId, parameter, index });
      continue;
    }
    if (old === parameter) continue;
    const change = parameterChange(old, parameter);
    if (change === undefined) return undefined;
    if (Object.keys(change).length > 0) {
      commands.push({ kind: 'setParameter', endpointId, index, change });
    }
  }
  return commands;
}

/** The change `setParameter` makes of `before` into `after`, if it can (session.ts's rules). */
function parameterChange(
  before: Parameter,
  after: Parameter,
): Partial<Omit<Parameter, 'id'>> | undefined {
  const a = before as unknown as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  const change: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === 'id') continue;
    const x = Object.hasOwn(a, key) ? a[key] : undefined;
    const y = Object.hasOwn(b, key) ? b[key] : undefined;
    if (x !== y && !sameValue(x, y)) change[key] = y;
  }
  // What the session makes of it (its own function), which must be the page's parameter.
  const result = withParameterChange(before, change) as unknown as Record<string, unknown>;
  for (const key of new Set([...Object.keys(result), ...Object.keys(b)])) {
    if (key === 'id') continue;
    if (!sameValue(result[key], Object.hasOwn(b, key) ? b[key] : undefined)) return undefined;
  }
  return change as Partial<Omit<Parameter, 'id'>>;
}

/** Small values (a field, a parameter's) compared as JSON. */
function sameValue(x: unknown, y: unknown): boolean {
  return x === y || JSON.stringify(x) === JSON.stringify(y);
}

/** Commands that carry a whole view (split into messages of a few views each). */
export function carriesView(command: DocumentCommand): boolean {
  return command.kind === 'putEndpoint' || command.kind === 'addEndpoint';
}

/** schemaComponents is derived from the document, which the worker has: not sent back. */
function withoutDerived(endpoint: Endpoint): Endpoint {
  if (endpoint.schemaComponents === undefined) return endpoint;
  const { schemaComponents: _derived, ...view } = endpoint;
  return view;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/**
 * The ids of `target` that keep their relative order from `current` in the longest such run
 * (longest increasing subsequence of their current places): the others move.
 */
function longestRunInOrder(current: readonly string[], target: readonly string[]): Set<string> {
  const place = new Map(current.map((id, i) => [id, i]));
  const items = target.filter((id) => place.has(id));
  const tails: number[] = []; // index into items of the smallest tail of each run length
  const previous = new Array<number>(items.length).fill(-1);
  items.forEach((id, i) => {
    const p = place.get(id) as number;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((place.get(items[tails[mid] as number] as string) as number) < p) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1] as number;
    tails[lo] = i;
  });
  const stays = new Set<string>();
  for (let i = tails.length > 0 ? (tails[tails.length - 1] as number) : -1; i >= 0;) {
    stays.add(items[i] as string);
    i = previous[i] as number;
  }
  return stays;
}

/** The fields of the panel that differ (undefined removes one), or undefined when none does. */
function metaChange(before: DocumentMeta, after: DocumentMeta): Partial<DocumentMeta> | undefined {
  const change: Record<string, unknown> = {};
  const a = before as unknown as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  let any = false;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = Object.hasOwn(a, key) ? a[key] : undefined;
    const y = Object.hasOwn(b, key) ? b[key] : undefined;
    if (x === y || JSON.stringify(x) === JSON.stringify(y)) continue;
    change[key] = y;
    any = true;
  }
  return any ? (change as Partial<DocumentMeta>) : undefined;
}
