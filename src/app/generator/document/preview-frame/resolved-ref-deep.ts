/**
 * Scalar's `getResolvedRefDeep` (in @scalar/api-client), bounded. Scalar resolves a response's
 * `$ref`s deeply to look for an example, writing out a tree in which a schema reached by two
 * paths is copied twice: a cycle is cut only where it closes, so a web of schemas that refer to
 * one another (Stripe's expandable objects) writes out every path through it. On the preview of
 * Stripe's `/v1/account` (one operation), that held the preview frame for more than five
 * minutes after its first paint, and nothing in it answered a click or a scroll.
 *
 * This one resolves the same way, up to {@link MAX_RESOLVED_OBJECTS} objects per call; past
 * that, what is left is written as {@link CUT_MARK}. vite.config.ts puts it in place of
 * Scalar's own.
 */
import { getRaw } from '@scalar/json-magic/magic-proxy';

/** Objects written out by one call at most (a response's example needs a few hundred). */
export const MAX_RESOLVED_OBJECTS = 10_000;
/** What stands for a part left out (Scalar writes a cycle as `[circular]`). */
export const CUT_MARK = '[…]';

export function getResolvedRefDeep(value: unknown): unknown {
  const onPath = new WeakSet<object>();
  let left = MAX_RESOLVED_OBJECTS;
  const resolve = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object') return node;
    const raw = getRaw(node) as object;
    if (onPath.has(raw)) return '[circular]';
    if (left <= 0) return CUT_MARK;
    left--;
    onPath.add(raw);
    try {
      if ('$ref' in node) return resolve((node as Record<string, unknown>)['$ref-value']);
      if (Array.isArray(node)) return node.map(resolve);
      if (node instanceof File || node instanceof Date) return node;
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) out[key] = resolve(child);
      return out;
    } finally {
      onPath.delete(raw);
    }
  };
  return resolve(value);
}
