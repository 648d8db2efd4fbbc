/**
 * The page's form as commands against the worker's document session (issue 18.1): what the
 * worker must be told so that its document equals the form, without shipping the whole form.
 *
 * - A view the worker does not hold as it is on the page (by identity, like the client's `sent`
 *   mirror) goes as one `putEndpoint`; a new one as `addEndpoint` at its place.
 * - The order is changed by the fewest moves (the longest run of endpoints already in order
 *   stays); an unchanged order sends no order command at all.
 * - The document panel goes as a `setMeta` of the fields that changed.
 * - Issue 20.5: the session marks every view a command changed as edited (its problems are
 *   errors), the page marks views "loaded and untouched" (warnings). `markLoaded` tells the
 *   session when the two differ, so its problems are the page's exactly.
 *
 * Pure: no worker, no React. GeneratorClient.sync runs it and keeps the state it returns.
 */
import type { DocumentCommand, DocumentMeta, Endpoint } from '../../shared';

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
    commands.push({ kind: 'putEndpoint', endpoint: withoutDerived(endpoint) });
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
