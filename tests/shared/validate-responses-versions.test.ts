/**
 * Issue 19: from OpenAPI 3.1 on an operation's `responses` is optional, so a real 3.1 document
 * whose operations have none loads and generates; in 3.0 "Add at least one response" still holds.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/shared/openapi';
import { createCoreApi } from '../../src/shared/openapi/core-api';
import { validateEndpoints } from '../../src/shared/openapi/validate-endpoints';

const noResponses: Endpoint = {
  id: 'a',
  method: 'POST',
  path: '/a',
  summary: '',
  parameters: [],
  responses: [],
};

const README = path.resolve(
  __dirname,
  '../../../shared/corpus/openapi-versions/oas-examples__3.1-readme-extensions.yaml',
);

describe('responses are optional from OpenAPI 3.1 on (issue 19)', () => {
  it('blocks an operation without responses in 3.0 only', () => {
    expect(validateEndpoints([noResponses]).issues.a).toEqual([
      { code: 'NO_RESPONSES', field: 'responses' },
    ]);
    expect(validateEndpoints([noResponses], '3.0').canGenerate).toBe(false);
    expect(validateEndpoints([noResponses], '3.1')).toMatchObject({
      issues: { a: [] },
      canGenerate: true,
    });
    expect(validateEndpoints([noResponses], '3.2').canGenerate).toBe(true);
  });

  it.skipIf(!existsSync(README))(
    'a 3.1 document whose operations have no responses can be generated (worker API)',
    () => {
      const api = createCoreApi();
      expect(api.openDocument(readFileSync(README, 'utf8')).ok).toBe(true);
      const revision = api.revision();
      if (!revision.ok) throw new Error(revision.error.message);
      // The session's problems of every endpoint (as the page's first sync asks for them).
      const result = api.apply([], revision.value, { problems: 'all' });
      if (!result.ok) throw new Error(result.error.message);
      const report = result.value.problems;
      expect(Object.keys(report.issues).length).toBeGreaterThan(0);
      expect(report.canGenerate).toBe(true);
      expect(Object.values(report.issues).flat()).toEqual([]);
    },
  );
});
