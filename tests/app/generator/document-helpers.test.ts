import { describe, expect, it } from 'vitest';
import {
  changeSchemeKind,
  moveItem,
  renameKey,
  toggleRequirement,
  withOptional,
} from '../../../src/app/generator/document/meta-ops';

describe('meta edits', () => {
  it('removes emptied optional keys and keeps others', () => {
    expect(withOptional({ a: 1, b: 'x' } as { a: number; b?: string }, 'b', '')).toEqual({ a: 1 });
  });

  it('renames a key in place, refusing a taken one', () => {
    expect(Object.keys(renameKey({ a: 1, b: 2, c: 3 }, 'b', 'z'))).toEqual(['a', 'z', 'c']);
    const record = { a: 1, b: 2 };
    expect(renameKey(record, 'a', 'b')).toBe(record);
  });

  it('moves items within bounds', () => {
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });

  it('toggles requirements, keeping an optional {} that was there', () => {
    expect(toggleRequirement(undefined, 'a', true)).toEqual([{ a: [] }]);
    expect(toggleRequirement([{ a: [], b: ['s'] }, {}], 'a', false)).toEqual([{ b: ['s'] }, {}]);
    expect(toggleRequirement([{ a: [] }], 'a', false)).toEqual([]);
  });

  it('changes a scheme’s kind keeping its description and extensions', () => {
    expect(
      changeSchemeKind(
        { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'd', 'x-a': 1 },
        'apiKey',
      ),
    ).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'd', 'x-a': 1 });
  });
});
