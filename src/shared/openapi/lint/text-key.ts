/**
 * Which text a lint answer is of, without the text: its length and a 53-bit hash (cyrb53). The
 * lint worker keys each answer of the document; the output editor hashes its own text only when
 * the lengths agree, to know whether the document's findings are of exactly what it shows.
 */
export interface TextKey {
  length: number;
  hash: string;
}

/** The key of `text` (a pass over its UTF-16 code units). */
export function textKey(text: string): TextKey {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return { length: text.length, hash: hash.toString(36) };
}

/** Whether two keys name the same text. */
export function sameTextKey(a: TextKey | undefined, b: TextKey | undefined): boolean {
  return a !== undefined && b !== undefined && a.length === b.length && a.hash === b.hash;
}
