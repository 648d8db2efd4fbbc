/** Plain-data helpers for the structural diff of documents. */

/** A non-null, non-array object (JSON object). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys of a JSON object whose values are defined (an `undefined` value counts as absent). */
export function keysOf(value: Record<string, unknown>): string[] {
  const keys = Object.keys(value);
  for (const key of keys) {
    if (value[key] === undefined) return keys.filter((k) => value[k] !== undefined);
  }
  return keys;
}

/**
 * Deep equality of JSON data, iterative (no recursion limit), short-circuiting on identical
 * objects so that copy-on-write values compare in time proportional to what changed.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop() as [unknown, unknown];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) {
      if (typeof x === 'number' && typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y))
        continue;
      return false;
    }
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
      continue;
    }
    if (Array.isArray(y)) return false;
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    const xk = keysOf(xo);
    const yk = keysOf(yo);
    if (xk.length !== yk.length) return false;
    for (const k of xk) {
      if (!Object.hasOwn(yo, k)) return false;
      stack.push([xo[k], yo[k]]);
    }
  }
  return true;
}
