import { describe, expect, it } from 'vitest';
import {
  CUT_MARK,
  getResolvedRefDeep,
} from '../../../src/app/generator/document/preview-frame/resolved-ref-deep';

/** A `$ref` as Scalar's store holds it: the pointer and the value it reaches. */
const ref = (value: unknown) => ({ $ref: '#/components/schemas/x', '$ref-value': value });

describe('getResolvedRefDeep (the preview frame, bounded)', () => {
  it('resolves references as Scalar does, a cycle written where it closes', () => {
    const pet: Record<string, unknown> = { type: 'object', properties: {} };
    (pet.properties as Record<string, unknown>).parent = ref(pet);
    const resolved = getResolvedRefDeep({
      schema: ref({ type: 'array', items: ref(pet) }),
      example: [1, 2],
    });
    expect(resolved).toEqual({
      schema: { type: 'array', items: { type: 'object', properties: { parent: '[circular]' } } },
      example: [1, 2],
    });
  });

  it('stops at a bound on a web of schemas that refer to one another', () => {
    // Each level refers twice to the next: 2^40 paths to write out unbounded.
    let node: unknown = { type: 'string' };
    for (let level = 0; level < 40; level++) {
      node = { type: 'object', properties: { a: ref(node), b: ref(node) } };
    }
    const started = performance.now();
    const resolved = getResolvedRefDeep({ schema: node });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(JSON.stringify(resolved)).toContain(CUT_MARK);
  });
});
