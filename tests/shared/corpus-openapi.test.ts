/**
 * Real-world OpenAPI documents (../shared/corpus/openapi): every document loads, the
 * regenerated document is valid OpenAPI 3.0, regeneration is a fixpoint, and every operation
 * keeps its method, path, parameters (name, in, required, schema) and JSON request/response
 * schemas — semantically, after dereferencing — except exactly what a warning names.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  generateOpenApi,
  isBlocking,
  parseOpenApi,
  validateEndpoints,
  type ImportWarning,
} from '../../src/shared/openapi';
import { CORPUS_DIR, corpusAvailable } from './support/corpus';
import {
  listOperations,
  loadDocument,
  sameSchema,
  type CompareContext,
  type JsonObject,
  type Operation,
} from './support/openapi-compare';

const available = corpusAvailable('openapi');
const dir = resolve(CORPUS_DIR, 'openapi');
const files = available ? readdirSync(dir).sort() : [];
const rows: string[] = [];

/** Whether some warning of this operation names one of the pointers (or a parent of one). */
function named(warnings: ImportWarning[], op: Operation, pointers: string[]): boolean {
  return warnings.some(
    (w) =>
      w.path === op.path &&
      w.method === op.method.toUpperCase() &&
      pointers.some((p) => p === w.pointer || p.startsWith(w.pointer + '/')),
  );
}

function compareOperation(
  source: JsonObject,
  op: Operation,
  regenerated: JsonObject,
  again: Operation | undefined,
  warnings: ImportWarning[],
  ctx: CompareContext,
  problems: string[],
): void {
  const where = `${op.method.toUpperCase()} ${op.path}`;
  if (again === undefined) {
    problems.push(`${where}: operation missing`);
    return;
  }
  for (const [key, parameter] of op.parameters) {
    const kept = again.parameters.get(key);
    if (kept === undefined) {
      if (!named(warnings, op, parameter.pointers))
        problems.push(`${where}: parameter ${key} dropped silently`);
      continue;
    }
    const required = parameter.in === 'path' ? true : parameter.required;
    if (kept.required !== required && !named(warnings, op, parameter.pointers)) {
      problems.push(`${where}: parameter ${key} required changed`);
    }
    if (
      parameter.schema !== undefined &&
      !sameSchema(
        parameter.schema,
        source,
        parameter.schemaPointer,
        kept.schema,
        regenerated,
        ctx,
      ) &&
      !named(warnings, op, parameter.pointers)
    ) {
      problems.push(`${where}: parameter ${key} schema changed`);
    }
  }
  for (const key of again.parameters.keys()) {
    if (!op.parameters.has(key)) problems.push(`${where}: parameter ${key} appeared`);
  }
  if (
    !sameSchema(
      op.request.schema,
      source,
      op.request.schemaPointer,
      again.request.schema,
      regenerated,
      ctx,
    ) &&
    !named(warnings, op, op.request.pointers)
  ) {
    problems.push(`${where}: request schema changed`);
  }
  for (const [code, response] of op.responses) {
    const kept = again.responses.get(code);
    if (kept === undefined) {
      if (!named(warnings, op, response.pointers))
        problems.push(`${where}: response ${code} dropped silently`);
      continue;
    }
    if (
      !sameSchema(response.schema, source, response.schemaPointer, kept.schema, regenerated, ctx) &&
      !named(warnings, op, response.pointers)
    ) {
      problems.push(`${where}: response ${code} schema changed`);
    }
  }
}

describe.skipIf(!available)('OpenAPI corpus', () => {
  afterAll(() => {
    if (rows.length === 0) return;
    const header =
      'document'.padEnd(58) +
      'operations'.padStart(11) +
      'kept'.padStart(6) +
      'warnings'.padStart(10);
    console.log(['', header, '-'.repeat(header.length), ...rows].join('\n'));
  });

  it('has the documents', () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  // Stripe (4 MB) needs about 10 s of CPU here; the margin is for busy 2-core CI machines.
  it.each(files)(
    '%s loads, regenerates validly, is a fixpoint, and loses nothing silently',
    { timeout: 180_000 },
    async (file) => {
      const text = readFileSync(resolve(dir, file), 'utf8');
      const result = parseOpenApi(text);
      // Issue 10.4: a real document is never blocked from generating (issue 20: its views are
      // validated as loaded and untouched, as the app sends them).
      const report = validateEndpoints(result.endpoints.map((e) => ({ ...e, loadedAsIs: true })));
      const blocked = Object.entries(report.issues).flatMap(([id, issues]) =>
        issues.filter((issue) => isBlocking(issue.code)).map((issue) => `${id} ${issue.code}`),
      );
      expect(blocked, 'problems that block Generate').toEqual([]);
      expect(report.canGenerate).toBe(true);
      const generated = generateOpenApi(result.endpoints, result.info);

      const regenerated = loadDocument(generated);
      const validation = await new Validator().validate(structuredClone(regenerated));
      expect(validation.errors ?? [], 'regenerated document is valid OpenAPI').toEqual([]);
      expect(validation.valid).toBe(true);

      const again = parseOpenApi(generated);
      expect(generateOpenApi(again.endpoints, again.info), 'regeneration is a fixpoint').toBe(
        generated,
      );

      const source = loadDocument(text);
      const regeneratedOps = new Map(
        listOperations(regenerated).map((op) => [`${op.method} ${op.path}`, op]),
      );
      const warned = new Set(result.warnings.map((w) => w.pointer));
      const ctx: CompareContext = {
        memo: new Set(),
        allowed: (pointer) => {
          // A warning names this location or one of its ancestors.
          for (let p = pointer; p !== ''; p = p.slice(0, p.lastIndexOf('/')))
            if (warned.has(p)) return true;
          return false;
        },
      };
      const problems: string[] = [];
      const operations = listOperations(source);
      for (const op of operations) {
        const kept = regeneratedOps.get(`${op.method} ${op.path}`);
        compareOperation(source, op, regenerated, kept, result.warnings, ctx, problems);
      }
      expect(problems).toEqual([]);
      expect(result.endpoints.length).toBe(operations.length);
      rows.push(
        file.padEnd(58) +
          String(operations.length).padStart(11) +
          String(regeneratedOps.size).padStart(6) +
          String(result.warnings.length).padStart(10),
      );
    },
  );
});

describe('corpus comparison helpers (so the corpus test can fail)', () => {
  const ctx = (allowed: string[] = []): CompareContext => ({
    memo: new Set(),
    allowed: (pointer) => allowed.some((p) => pointer === p || pointer.startsWith(p + '/')),
  });
  const a = loadDocument(`
components:
  schemas:
    Node: { type: object, properties: { next: { $ref: '#/components/schemas/Node' }, n: { type: integer } } }
`);
  const b = loadDocument(`
components:
  schemas:
    Renamed: { type: object, properties: { next: { $ref: '#/components/schemas/Renamed' }, n: { type: integer } } }
    Wrong: { type: object, properties: { next: { $ref: '#/components/schemas/Wrong' }, n: { type: string } } }
`);

  it('equates cyclic schemas under other names and inline copies', () => {
    const ref = { $ref: '#/components/schemas/Node' };
    expect(sameSchema(ref, a, '', { $ref: '#/components/schemas/Renamed' }, b, ctx())).toBe(true);
    const inline = {
      type: 'object',
      properties: { next: { $ref: '#/components/schemas/Renamed' }, n: { type: 'integer' } },
    };
    expect(sameSchema(ref, a, '', inline, b, ctx())).toBe(true);
  });

  it('finds a difference deep inside a cycle unless a warning names it', () => {
    const ref = { $ref: '#/components/schemas/Node' };
    const wrong = { $ref: '#/components/schemas/Wrong' };
    expect(sameSchema(ref, a, '', wrong, b, ctx())).toBe(false);
    expect(sameSchema(ref, a, '', wrong, b, ctx(['/components/schemas/Node/properties/n']))).toBe(
      true,
    );
  });

  it('lists operations with merged parameters and JSON schemas', () => {
    const doc = loadDocument(`
paths:
  /a:
    parameters: [{ name: id, in: query, schema: { type: string } }]
    get:
      parameters: [{ name: id, in: query, required: true, schema: { type: integer } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array } } } }
        default: { description: err }
`);
    const [op] = listOperations(doc);
    expect(op?.parameters.get('query id')).toMatchObject({
      required: true,
      schema: { type: 'integer' },
    });
    expect(op?.responses.get('200')?.schema).toEqual({ type: 'array' });
    expect(op?.responses.get('default')?.schema).toBeUndefined();
  });
});
