/**
 * Issue 13.15 / 10.5: the Problems panel lists problems in the order of the endpoint list, not
 * in the order the validator or the loader found them; the load report's document-level warnings
 * come first.
 */
import { describe, expect, it } from 'vitest';
import { collectProblems } from '../../../src/app/generator/problems';
import type { Endpoint, ImportWarning, ValidationReport } from '../../../src/shared/openapi';

const endpoint = (id: string, method: Endpoint['method'], path: string): Endpoint => ({
  id,
  method,
  path,
  summary: '',
  parameters: [],
  responses: [],
});

describe('collectProblems', () => {
  it('orders blocking problems and load warnings like the endpoints', () => {
    const endpoints = [
      endpoint('c', 'GET', '/c'),
      endpoint('a', 'GET', '/a'),
      endpoint('b', 'POST', '/b'),
    ];
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    const order = ['c', 'a', 'b'];
    // The validator reports in its own order (a, b, c).
    const report: ValidationReport = {
      issues: {
        a: [{ code: 'NO_RESPONSES', field: 'responses' }],
        b: [{ code: 'REQUEST_BODY_NAME_REQUIRED', field: 'requestBody.name' }],
        c: [{ code: 'NO_RESPONSES', field: 'responses' }],
      },
      duplicateIds: [],
      canGenerate: false,
    };
    const warning = (path: string | undefined, method?: string): ImportWarning =>
      ({
        code: 'INVALID_FIELD',
        pointer: `/paths/${path ?? ''}`,
        message: 'kept',
        ...(path === undefined ? {} : { path, method }),
      }) as ImportWarning;
    const loadWarnings = [warning('/b', 'post'), warning(undefined), warning('/c', 'get')];

    const problems = collectProblems(order, (id) => byId.get(id), report, loadWarnings);

    expect(problems.blocking.map((problem) => problem.endpointId)).toEqual(['c', 'a', 'b']);
    expect(problems.loadWarnings.map((problem) => problem.endpointId ?? 'document')).toEqual([
      'document',
      'c',
      'b',
    ]);
  });
});
