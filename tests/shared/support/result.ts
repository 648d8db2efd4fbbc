import type { Result } from '../../../src/shared/openapi/core-api';

/** The value of a core API answer; its typed error thrown as the test's failure. */
export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
