/**
 * Edit locality (issue 10), as a property over the real-world corpus: changing one field of
 * one endpoint view (summary, description, a parameter's description or required flag) and
 * rendering again changes only that field's lines, and the data is exactly the source's with
 * that one value changed. Covers the OpenAPI 3.0 corpus and the 3.1 documents (issue 19).
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isNode, parse, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseOpenApi, renderOpenApi, type Endpoint } from '../../../src/shared/openapi';
import { CORPUS_DIR, corpusAvailable } from '../support/corpus';
import { lineDiff } from './support';

const available = corpusAvailable('openapi') && corpusAvailable('openapi-versions');
/** The 3.0 documents, and (issue 19) the 3.1 ones of openapi-versions (Swagger 2.0 aside). */
const files = available
  ? [
      ...readdirSync(resolve(CORPUS_DIR, 'openapi'))
        .sort()
        .map((f) => `openapi/${f}`),
      ...readdirSync(resolve(CORPUS_DIR, 'openapi-versions'))
        .sort()
        .filter((f) => !f.includes('__2.0-'))
        .map((f) => `openapi-versions/${f}`),
    ]
  : [];
/** Runs per document: the two large ones take seconds to open. */
const runsFor = (size: number) => (size > 1_000_000 ? 2 : size > 200_000 ? 5 : 15);

type Edit =
  | { kind: 'summary' | 'description'; value: string }
  | { kind: 'parameter-description'; value: string }
  | { kind: 'parameter-required' };

const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom('yes', 'no', 'on', 'off', '2024-01-01', '0o12', '1_000', '012', '- a', 'a: b'),
);
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constantFrom('summary' as const, 'description' as const), value: text }),
  fc.record({ kind: fc.constant('parameter-description' as const), value: text }),
  fc.record({ kind: fc.constant('parameter-required' as const) }),
);

/**
 * Applies the edit to a view. Answers how many lines the old value may span (a multi-line
 * description is replaced whole), or undefined when the edit changes nothing.
 */
function apply(endpoint: Endpoint, change: Edit): number | undefined {
  const span = (text: string | undefined) => (text ?? '').split('\n').length + 2;
  switch (change.kind) {
    case 'summary':
    case 'description': {
      const old = endpoint[change.kind];
      if (change.value === '' || old === change.value) return undefined;
      endpoint[change.kind] = change.value;
      return 1;
    }
    case 'parameter-description': {
      const parameter = endpoint.parameters[0];
      if (parameter === undefined || parameter.description === change.value) return undefined;
      const old = parameter.description;
      parameter.description = change.value;
      // An inherited or shared parameter is overridden in the operation: its object is written.
      return span(old) + 40;
    }
    case 'parameter-required': {
      const parameter = endpoint.parameters.find((p) => p.location !== 'path');
      if (parameter === undefined) return undefined;
      parameter.required = !parameter.required;
      return 40;
    }
  }
}

describe.skipIf(!available)('edit locality over the corpus (fast-check)', () => {
  it.each(files)(
    '%s: one field edit changes only its lines',
    (file) => {
      const source = readFileSync(resolve(CORPUS_DIR, file), 'utf8');
      const original = parse(source) as Record<string, unknown>;
      const tree = parseDocument(source, { uniqueKeys: false });
      /** How many source lines the scalar at `path` occupies (a folded one spans several). */
      const sourceLines = (path: string[]): number => {
        const node = tree.getIn(path, true);
        if (!isNode(node) || node.range == null) return 1;
        return source.slice(node.range[0], node.range[1]).trimEnd().split('\n').length;
      };
      const count = parseOpenApi(source).endpoints.length;
      fc.assert(
        fc.property(fc.nat({ max: Math.max(0, count - 1) }), edit, (index, change) => {
          const doc = parseOpenApi(source);
          const endpoint = doc.endpoints[index];
          if (endpoint === undefined || !apply(endpoint, change)) return;
          const out = renderOpenApi(doc);
          const diff = lineDiff(source, out);
          // One scalar (or one inline parameter object when a shared one is overridden).
          const method = endpoint.method.toLowerCase();
          const root = endpoint.webhook === true ? 'webhooks' : 'paths';
          const budget = change.kind.startsWith('parameter')
            ? 40
            : Math.max(3, sourceLines([root, endpoint.path, method, change.kind]));
          expect(diff.removed.length).toBeLessThanOrEqual(budget);
          expect(diff.added.length).toBeLessThanOrEqual(budget + 2);
          const value = parse(out) as Record<string, unknown>;
          // Everything outside the edited operation is the source's, exactly.
          const paths = value[root] as Record<string, Record<string, unknown>>;
          const before = original[root] as Record<string, Record<string, unknown>>;
          expect(Object.keys(paths)).toEqual(Object.keys(before));
          expect({ ...value, [root]: undefined }).toEqual({ ...original, [root]: undefined });
          // YAML 1.1 readers see the same strings (the new text is unambiguous).
          if (change.kind === 'summary' || change.kind === 'description') {
            const op = paths[endpoint.path]?.[method] as Record<string, unknown>;
            expect(op[change.kind]).toBe(change.value);
            const legacy = parse(out, { version: '1.1' }) as typeof value;
            const legacyOp = (legacy[root] as typeof paths)[endpoint.path]?.[method] as Record<
              string,
              unknown
            >;
            expect(legacyOp[change.kind]).toBe(change.value);
          }
        }),
        { numRuns: runsFor(source.length) },
      );
    },
    300_000,
  );
});
