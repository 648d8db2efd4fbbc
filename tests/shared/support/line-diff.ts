/** Line-level diffs for locality checks of document edits. */

export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/**
 * The lines of `a` that are not in a longest common subsequence with `b` (0-based indices of
 * `a`), and how many lines of `b` are new. Trims the common prefix and suffix first, so large
 * texts with a local change stay cheap; the middle is compared with an O(n·m) table.
 */
export function lineDiff(
  a: string,
  b: string,
): { removed: number[]; added: number; changed: number } {
  const x = splitLines(a);
  const y = splitLines(b);
  let prefix = 0;
  while (prefix < x.length && prefix < y.length && x[prefix] === y[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < x.length - prefix &&
    suffix < y.length - prefix &&
    x[x.length - 1 - suffix] === y[y.length - 1 - suffix]
  ) {
    suffix++;
  }
  const xs = x.slice(prefix, x.length - suffix);
  const ys = y.slice(prefix, y.length - suffix);
  const { removed, added } = myers(xs, ys);
  return {
    removed: removed.map((i) => prefix + i),
    added,
    changed: Math.max(removed.length, added),
  };
}

/**
 * Myers' O((N+M)·D) diff: the indices of `a` not on a shortest edit script's common path, and
 * how many lines of `b` it inserts. Cheap when the texts differ in a few places.
 */
function myers(a: string[], b: string[]): { removed: number[]; added: number } {
  const n = a.length;
  const m = b.length;
  const trace: Int32Array[] = [];
  const at = (v: Int32Array, k: number, d: number): number => v[k + d] as number;
  for (let d = 0; d <= n + m; d++) {
    const v = new Int32Array(2 * d + 1);
    const prev = trace[d - 1];
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (prev === undefined) x = 0;
      else if (k === -d || (k !== d && at(prev, k - 1, d - 1) < at(prev, k + 1, d - 1))) {
        x = at(prev, k + 1, d - 1);
      } else {
        x = at(prev, k - 1, d - 1) + 1;
      }
      let yy = x - k;
      while (x < n && yy < m && a[x] === b[yy]) {
        x++;
        yy++;
      }
      v[k + d] = x;
      if (x >= n && yy >= m) {
        trace.push(v);
        return backtrack(trace, n, m);
      }
    }
    trace.push(v);
  }
  return { removed: [], added: 0 };
}

function backtrack(
  trace: Int32Array[],
  n: number,
  m: number,
): { removed: number[]; added: number } {
  const removed: number[] = [];
  let added = 0;
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d - 1] as Int32Array;
    const k = x - y;
    const down =
      k === -d || (k !== d && (prev[k - 1 + d - 1] as number) < (prev[k + 1 + d - 1] as number));
    const prevK = down ? k + 1 : k - 1;
    const prevX = prev[prevK + d - 1] as number;
    const prevY = prevX - prevK;
    if (down) added++;
    else removed.push(prevX);
    x = prevX;
    y = prevY;
  }
  return { removed: removed.reverse(), added };
}
