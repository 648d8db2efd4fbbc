/**
 * Laws of generation and import over random valid endpoint lists: the generated document is
 * valid OpenAPI 3.0 (checked by an independent validator), and generate ∘ parse ∘ generate =
 * generate, byte for byte.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateOpenApi, parseOpenApi } from '../../src/shared/openapi';
import { endpointsArbitrary } from './support/arbitraries';

/** Imported endpoints: kept cyclic schema components, $ref parameters and bodies. */
const imported = parseOpenApi(
  readFileSync(resolve(__dirname, '../fixtures/openapi/pets-cyclic.yaml'), 'utf8'),
).endpoints;

describe('generateOpenApi / parseOpenApi laws', () => {
  it('generates a valid OpenAPI 3.0 document for any valid endpoint list', async () => {
    const validator = new Validator();
    await fc.assert(
      fc.asyncProperty(endpointsArbitrary, async (endpoints) => {
        const yaml = generateOpenApi(endpoints);
        const result = await validator.validate(
          parseYaml(yaml) as Parameters<Validator['validate']>[0],
        );
        expect(result.errors ?? []).toEqual([]);
        expect(result.valid).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('round-trips: generate(parse(generate(e)).endpoints) equals generate(e) byte for byte', () => {
    fc.assert(
      fc.property(endpointsArbitrary, (endpoints) => {
        const first = generateOpenApi(endpoints);
        const parsed = parseOpenApi(first);
        expect(generateOpenApi(parsed.endpoints)).toBe(first);
        expect(parsed.endpoints).toHaveLength(endpoints.length);
        // A generated document holds nothing the model cannot: its import warns about nothing.
        expect(parsed.warnings).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic: the same input gives the same bytes', () => {
    fc.assert(
      fc.property(endpointsArbitrary, (endpoints) => {
        expect(generateOpenApi(structuredClone(endpoints))).toBe(generateOpenApi(endpoints));
      }),
      { numRuns: 100 },
    );
  });

  it('round-trips imported endpoints mixed with typed-in ones (kept components keep their names)', () => {
    fc.assert(
      fc.property(endpointsArbitrary, fc.nat(), (typed, at) => {
        const position = at % (typed.length + 1);
        const mixed = [
          ...typed.slice(0, position),
          ...structuredClone(imported),
          ...typed.slice(position),
        ];
        const first = generateOpenApi(mixed);
        expect(generateOpenApi(parseOpenApi(first).endpoints)).toBe(first);
        const doc = parseYaml(first) as { components: { schemas: Record<string, unknown> } };
        expect(doc.components.schemas.Owner).toEqual({
          type: 'object',
          properties: { pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
        });
      }),
      { numRuns: 150 },
    );
  });
});
