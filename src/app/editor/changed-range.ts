/**
 * Where two texts differ: the common prefix and suffix are skipped, what is left between them
 * is the change. Generate uses it to put a re-rendered document into the output editor as one
 * small edit (a summary changed in a 4 MB document is a one-line edit, undoable, with no
 * megabyte-sized task), instead of replacing the whole text.
 */

/** Characters compared per step before narrowing down to the first differing character. */
const BLOCK = 16 * 1024;

export interface ChangedRange {
  /** Offset of the first differing character (the common prefix's length). */
  start: number;
  /** End of the changed part in the old text (exclusive). */
  oldEnd: number;
  /** End of the changed part in the new text (exclusive). */
  newEnd: number;
}

/** Length of the common prefix of `a` and `b` (block-wise: substring equality is a memcmp). */
function commonPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i + BLOCK <= max && a.slice(i, i + BLOCK) === b.slice(i, i + BLOCK)) i += BLOCK;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the common suffix of `a` and `b`, not reaching into the first `floor` characters. */
function commonSuffix(a: string, b: string, floor: number): number {
  const max = Math.min(a.length, b.length) - floor;
  let n = 0;
  while (
    n + BLOCK <= max &&
    a.slice(a.length - n - BLOCK, a.length - n) === b.slice(b.length - n - BLOCK, b.length - n)
  ) {
    n += BLOCK;
  }
  while (n < max && a.charCodeAt(a.length - n - 1) === b.charCodeAt(b.length - n - 1)) n++;
  return n;
}

/**
 * The part of `before` that `after` replaces; `undefined` when the texts are equal. A change
 * never splits a UTF-16 surrogate pair.
 */
export function changedRange(before: string, after: string): ChangedRange | undefined {
  if (before === after) return undefined;
  let start = commonPrefix(before, after);
  // Do not start between the halves of a surrogate pair.
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let suffix = commonSuffix(before, after, start);
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix--;
  return { start, oldEnd: before.length - suffix, newEnd: after.length - suffix };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
