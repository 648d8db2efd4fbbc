/**
 * The route-path check is linear in the path (issue 28.1): it agrees with the grammar's regular
 * expression on short paths, and stays fast on long ones of every character class real
 * documents use (Google's `/v1/{name}:cancel`, `#`, `$`, `&`, `=`, `"`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRoutePath } from '../../src/shared/openapi';

// The grammar as it was written before: correct, but it backtracks exponentially on a long
// segment followed by a character it does not take. Only short paths are given to it here.
const LITERAL = String.raw`[A-Za-z0-9_.~]+(?:-[A-Za-z0-9_.~]+)*`;
const TEMPLATE = String.raw`\{[A-Za-z0-9_]+(?:[.-][A-Za-z0-9_]+)*\}`;
const SEGMENT = `(?:${LITERAL}|${TEMPLATE})+`;
const REFERENCE = new RegExp(`^/(?:${SEGMENT}(?:/${SEGMENT})*/?)?$`);

const ALPHABET = ['/', '{', '}', '-', '.', '~', '_', 'a', 'Z', '7', ':', '#', '$', '&', '=', '"'];
const pathChars = (maxLength: number) =>
  fc.array(fc.constantFrom(...ALPHABET), { maxLength }).map((chars) => `/${chars.join('')}`);

describe('checkRoutePath', () => {
  it('agrees with the route grammar on short paths', () => {
    fc.assert(
      fc.property(pathChars(14), (path) => {
        const expected = REFERENCE.test(path) ? undefined : 'INCORRECT_CHARS';
        expect(checkRoutePath(path)).toBe(expected);
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees on paths built from the grammar', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9_]{1,4}$/);
    const literal = fc
      .array(fc.stringMatching(/^[A-Za-z0-9_.~]{1,4}$/), { minLength: 1, maxLength: 3 })
      .map((runs) => runs.join('-'));
    const template = fc
      .tuple(word, fc.array(fc.tuple(fc.constantFrom('.', '-'), word), { maxLength: 2 }))
      .map(([first, rest]) => `{${first}${rest.map(([j, w]) => j + w).join('')}}`);
    const segment = fc
      .array(fc.oneof(literal, template), { minLength: 1, maxLength: 3 })
      .map((items) => items.join(''));
    const path = fc
      .tuple(fc.array(segment, { maxLength: 4 }), fc.boolean())
      .map(
        ([segments, slash]) => `/${segments.join('/')}${slash && segments.length > 0 ? '/' : ''}`,
      );
    fc.assert(
      fc.property(path, (p) => {
        expect(REFERENCE.test(p)).toBe(true);
        expect(checkRoutePath(p)).toBeUndefined();
      }),
    );
  });

  it('takes time linear in the path: random paths up to 10,000 characters', () => {
    const long = fc
      .tuple(
        fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 1, max: 200 }),
        fc.constantFrom(...ALPHABET),
      )
      .map(([chunk, times, last]) => `/${chunk.join('').repeat(times)}${last}`.slice(0, 10_000));
    const worst = [
      `/v1/${'a'.repeat(9_990)}:cancel`,
      `/${'a-'.repeat(4_999)}#`,
      `/{${'a.'.repeat(4_998)}a}$`,
      `/${'a{b}'.repeat(1_999)}&`,
      `/${'{a}a'.repeat(1_999)}="`,
    ];
    let slowest = 0;
    const time = (path: string) => {
      const start = performance.now();
      checkRoutePath(path);
      slowest = Math.max(slowest, performance.now() - start);
    };
    for (const path of worst) time(path);
    fc.assert(fc.property(long, time), { numRuns: 500 });
    // A linear pass over 10,000 characters takes well under a millisecond; the bound leaves room
    // for a busy machine and still catches any backtracking (which takes seconds at 20 letters).
    expect(slowest).toBeLessThan(50);
  });
});
