/**
 * A line diff for the history view: the lines removed from `before` and added in `after`, with
 * up to 2 lines of context around each change. Longest common subsequence over the lines between
 * the common head and tail; undefined when that middle part is too large to compare here.
 */
export interface DiffLine {
  kind: 'add' | 'remove' | 'same' | 'gap';
  text: string;
}

const MAX_CELLS = 4_000_000;
const CONTEXT = 2;

export function diffLines(before: string, after: string): DiffLine[] | undefined {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail += 1;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  if (midA.length === 0 && midB.length === 0) return [];
  if ((midA.length + 1) * (midB.length + 1) > MAX_CELLS) return undefined;
  // lcs[i][j]: length of the LCS of midA[i:] and midB[j:]
  const width = midB.length + 1;
  const lcs = new Uint32Array((midA.length + 1) * width);
  for (let i = midA.length - 1; i >= 0; i -= 1) {
    for (let j = midB.length - 1; j >= 0; j -= 1) {
      lcs[i * width + j] =
        midA[i] === midB[j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const all: DiffLine[] = a.slice(0, head).map((text) => ({ kind: 'same', text }));
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      all.push({ kind: 'same', text: midA[i]! });
      i += 1;
      j += 1;
    } else if (
      j < midB.length &&
      (i >= midA.length || lcs[i * width + j + 1]! >= lcs[(i + 1) * width + j]!)
    ) {
      all.push({ kind: 'add', text: midB[j]! });
      j += 1;
    } else {
      all.push({ kind: 'remove', text: midA[i]! });
      i += 1;
    }
  }
  for (const text of a.slice(a.length - tail)) all.push({ kind: 'same', text });
  // Keep the changes with a little context; fold the rest.
  const keep = new Array<boolean>(all.length).fill(false);
  all.forEach((line, k) => {
    if (line.kind === 'same') return;
    for (let c = Math.max(0, k - CONTEXT); c <= Math.min(all.length - 1, k + CONTEXT); c += 1)
      keep[c] = true;
  });
  const out: DiffLine[] = [];
  all.forEach((line, k) => {
    if (keep[k]) out.push(line);
    else if (out.at(-1)?.kind !== 'gap') out.push({ kind: 'gap', text: '…' });
  });
  return out;
}
