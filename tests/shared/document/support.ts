/** Helpers for the lossless document tests: line diffs and fixtures. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export function fixture(name: string): string {
  return readFileSync(resolve(process.cwd(), 'tests/fixtures/openapi', name), 'utf8');
}

/** The lines removed from `before` and added in `after` (a line-level LCS diff). */
export function lineDiff(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > 4_000_000) return { removed: midA, added: midB };
  // LCS on the middle part only.
  const n = midA.length;
  const m = midB.length;
  const dp: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i]![j] =
        midA[i] === midB[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
    }
  }
  const removed: string[] = [];
  const added: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (midA[i] === midB[j]) {
      i++;
      j++;
    } else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) removed.push(midA[i++]!);
    else added.push(midB[j++]!);
  }
  while (i < n) removed.push(midA[i++]!);
  while (j < m) added.push(midB[j++]!);
  return { removed, added };
}
