/**
 * Laws of SourceText over generated documents (YAML in many styles, JSON in several layouts)
 * and over the real-world corpus, under random copy-on-write edit sequences:
 * - render(value) is the text, byte for byte;
 * - the rendered text reads back as exactly the edited data;
 * - the edit is local: the lines changed are bounded by the sizes of the edited nodes, and a
 *   single edit of an existing node changes no line outside that node's source range.
 */
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify, type ToStringOptions } from 'yaml';
import { deepEqual, SourceText } from '../../src/shared/openapi/document';
import { CORPUS_DIR, corpusAvailable } from './support/corpus';
import {
  applyEdit,
  documentArbitrary,
  editSeedArbitrary,
  toPointer,
  type AppliedEdit,
  type EditSeed,
} from './support/json-edits';
import { lineDiff } from './support/line-diff';

/** PROPERTY_SCALE=10 multiplies the runs (a longer hunt for counterexamples). */
const SCALE = Math.max(1, Number(process.env.PROPERTY_SCALE ?? 1));

const yamlOptions: fc.Arbitrary<ToStringOptions> = fc.record({
  indent: fc.constantFrom(2, 4),
  indentSeq: fc.boolean(),
  defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL'),
  defaultKeyType: fc.constantFrom(null, 'PLAIN', 'QUOTE_DOUBLE'),
  collectionStyle: fc.constantFrom('any', 'any', 'block', 'flow'),
  lineWidth: fc.constantFrom(0, 80, 30),
  blockQuote: fc.constantFrom(true, 'literal', 'folded'),
}) as fc.Arbitrary<ToStringOptions>;

/** Whether `yaml` reads its own output back as the data (its stringify has rare misses). */
function faithful(text: string, doc: unknown): boolean {
  try {
    return deepEqual(SourceText.parse(text).value, doc);
  } catch {
    return false;
  }
}

/** A document as text: YAML in some style (maybe CRLF), or JSON in some layout. */
const sourceArbitrary = fc.oneof(
  fc.tuple(documentArbitrary, yamlOptions, fc.boolean()).map(([doc, options, crlf]) => {
    const text = stringify(doc, { ...options, aliasDuplicateObjects: false });
    const source = crlf ? text.replace(/\n/g, '\r\n') : text;
    return faithful(source, doc) ? source : JSON.stringify(doc);
  }),
  fc
    .tuple(documentArbitrary, fc.constantFrom<string | number>(2, 4, '\t', 0))
    .map(([doc, indent]) => JSON.stringify(doc, null, indent) + (indent === 0 ? '' : '\n')),
);

const isEmpty = (value: unknown) =>
  typeof value !== 'object' || value === null || Object.keys(value).length === 0;

function applyAll(
  value: unknown,
  seeds: EditSeed[],
): { next: unknown; edits: AppliedEdit[]; emptied: boolean } {
  let next = value;
  const edits: AppliedEdit[] = [];
  let emptied = false;
  for (const seed of seeds) {
    const edit = applyEdit(next, seed);
    if (edit === undefined) continue;
    next = edit.next;
    edits.push(edit);
    emptied ||= isEmpty(next);
  }
  return { next, edits, emptied };
}

/**
 * The edited text reads back as the edited data; the changed lines stay within the edits'
 * sizes, unless the document became empty on the way (then it is written anew as `{}`).
 */
function checkEdits(
  source: SourceText,
  next: unknown,
  edits: AppliedEdit[],
  emptied = false,
): void {
  const out = source.render(next);
  const back = SourceText.parse(out);
  expect(back.value).toEqual(next);
  if (!isEmpty(next)) expect(back.flavor).toBe(source.flavor);
  if (emptied) return;
  const diff = lineDiff(source.text, out);
  const budget = edits.reduce((sum, e) => sum + e.oldSize + e.newSize + 3, 0);
  expect(diff.removed.length).toBeLessThanOrEqual(budget);
  expect(diff.added).toBeLessThanOrEqual(budget);
}

/** A single edit of an existing node changes no original line outside its range (±1 line). */
function checkSingleEditLocality(source: SourceText, edit: AppliedEdit): void {
  const path = edit.kind === 'removeItem' ? edit.path.slice(0, -1) : edit.path;
  if (edit.kind === 'insertKey' || edit.kind === 'push') return;
  // JavaScript keeps integer-like keys first: renaming one, or renaming a key among them (the
  // object then lists them before the new key), reorders the pairs, outside the renamed lines.
  if (edit.kind === 'renameKey') {
    const parent = edit.path
      .slice(0, -1)
      .reduce<unknown>((at, token) => (at as Record<string, unknown>)[token], edit.next);
    const integerLike = (key: string) => /^(0|[1-9]\d{0,8})$/.test(key);
    if (integerLike(edit.key ?? '') || Object.keys(parent as object).some(integerLike)) return;
  }
  const range = source.locate(toPointer(path));
  expect(range).toBeDefined();
  if (range === undefined) return;
  const out = source.render(edit.next);
  const diff = lineDiff(source.text, out);
  // Diff lines count from 0, the range's from 1: `range.endLine` is the line after the node,
  // which a removal rewrites when it joins the next sibling to the node's `- `. Blank lines
  // between the two (an empty block scalar's) go with the node.
  const lines = source.text.split(/\r?\n/);
  let limit = range.endLine;
  while (limit < lines.length - 1 && (lines[limit] ?? '').trim() === '') limit += 1;
  for (const line of diff.removed) {
    expect(line).toBeGreaterThanOrEqual(range.startLine - 2);
    expect(line).toBeLessThanOrEqual(limit);
  }
}

describe('SourceText laws over generated documents', () => {
  it(
    'renders the unedited value as the text itself',
    () => {
      fc.assert(
        fc.property(sourceArbitrary, (text) => {
          const source = SourceText.parse(text);
          expect(source.render(source.value)).toBe(text);
          expect(source.render(structuredClone(source.value))).toBe(text);
        }),
        { numRuns: 300 * SCALE },
      );
    },
    60_000 * SCALE,
  );

  it(
    'renders random edit sequences that read back as the edited data, locally',
    () => {
      fc.assert(
        fc.property(
          sourceArbitrary,
          fc.array(editSeedArbitrary, { minLength: 1, maxLength: 6 }),
          (text, seeds) => {
            const source = SourceText.parse(text);
            const { next, edits, emptied } = applyAll(source.value, seeds);
            checkEdits(source, next, edits, emptied);
          },
        ),
        { numRuns: 600 * SCALE },
      );
    },
    60_000 * SCALE,
  );

  it(
    'keeps a single edit of an existing node inside its lines',
    () => {
      fc.assert(
        fc.property(sourceArbitrary, editSeedArbitrary, (text, seed) => {
          const source = SourceText.parse(text);
          const edit = applyEdit(source.value, seed);
          if (edit === undefined) return;
          checkSingleEditLocality(source, edit);
        }),
        { numRuns: 400 * SCALE },
      );
    },
    60_000 * SCALE,
  );
});

const available = corpusAvailable('openapi');
const dir = resolve(CORPUS_DIR, 'openapi');
const files = available ? readdirSync(dir).sort() : [];

describe.skipIf(!available)('SourceText laws over the corpus', () => {
  for (const file of files) {
    const size = statSync(resolve(dir, file)).size;
    // Each run re-parses the rendered text: fewer runs for the larger documents; the two over
    // 1 MB are covered by source-text.corpus.test.ts (one-line edits, added/deleted operations).
    const runs = (size > 400_000 ? 2 : size > 150_000 ? 4 : 12) * SCALE;
    it.skipIf(size > 1_000_000)(
      `renders random edit sequences of ${file} faithfully and locally`,
      () => {
        const source = SourceText.parse(readFileSync(resolve(dir, file), 'utf8'));
        fc.assert(
          fc.property(fc.array(editSeedArbitrary, { minLength: 1, maxLength: 4 }), (seeds) => {
            const { next, edits, emptied } = applyAll(source.value, seeds);
            checkEdits(source, next, edits, emptied);
          }),
          { numRuns: runs },
        );
        fc.assert(
          fc.property(editSeedArbitrary, (seed) => {
            const edit = applyEdit(source.value, seed);
            if (edit !== undefined) checkSingleEditLocality(source, edit);
          }),
          { numRuns: runs * 3 },
        );
      },
      180_000,
    );
  }
});
