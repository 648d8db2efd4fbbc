import { describe, expect, it } from 'vitest';
import { api } from '../../src/worker';

describe('worker api', () => {
  it('wraps failures of the core as typed results instead of throwing', () => {
    const result = api.validate([]);
    expect(result.ok === true || result.error.code.length > 0).toBe(true);
  });
});
