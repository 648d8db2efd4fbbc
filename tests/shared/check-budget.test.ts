/**
 * Issue 28.1: the checks the document session runs after Load and after each batch run under a
 * time budget. A check made slow by an injected clock (every unit of work "takes" a fixed time)
 * is cut at its next unit, the batch still answers, what was not checked is a non-blocking
 * CHECK_TIME_BUDGET problem, and Generate is not blocked by it.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_TIME_BUDGET, CheckDeadline } from '../../src/shared/openapi/check-budget';
import { newDocumentMeta } from '../../src/shared/openapi/document/meta';
import { parseOpenApi } from '../../src/shared/openapi/document/openapi-document';
import { DocumentSession } from '../../src/shared/openapi/document/session';
import { validateMeta } from '../../src/shared/openapi/document/validate-meta';

/** A clock whose every reading is `step` ms after the one before (a check as slow as we like). */
function slowClock(step: () => number): () => number {
  let now = 0;
  return () => {
    const at = now;
    now += step();
    return at;
  };
}

/** `/a`…: each answers 200 with two examples. */
function document(paths: string[], extra = ''): string {
  const operations = paths
    .map(
      (path) => `  ${path}:
    get:
      operationId: get${path.slice(1)}
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  id:
                    type: integer
              examples:
                good:
                  value:
                    id: 1
                bad:
                  value:
                    id: x
`,
    )
    .join('');
  return `openapi: 3.0.3
info:
  title: Budget
  version: '1'
paths:
${operations}${extra}`;
}

const PATHS = ['/a', '/b', '/c', '/d'];

describe('check time budgets (issue 28.1)', () => {
  it('cuts slow rule checks: unchecked endpoints warn and do not block, duplicates still count', () => {
    // /e has no responses: a blocking NO_RESPONSES in OpenAPI 3.0 when its rules are checked.
    const withE = (operationId: string) =>
      document(PATHS, `  /e:\n    get:\n      operationId: ${operationId}\n`);
    const checkedWhole = new DocumentSession();
    checkedWhole.open(parseOpenApi(withE('gete')));
    const whole = checkedWhole.apply([], checkedWhole.revision, { problems: 'all' });
    expect(
      Object.values(whole.problems.issues)
        .flat()
        .map((issue) => issue.code),
    ).toEqual(['NO_RESPONSES']);
    expect(whole.problems.canGenerate).toBe(false);

    // Each endpoint's rules take 400 ms: the budget of 1 s ends after the second endpoint.
    const slow = () =>
      new DocumentSession({
        clock: slowClock(() => 400),
        budgets: { rules: 1_000, meta: Infinity },
      });
    const session = slow();
    session.open(parseOpenApi(withE('gete')));
    const ids = session.current().endpoints.map((endpoint) => endpoint.id);
    const answer = session.apply([], session.revision, { problems: 'all', text: 'ifValid' });
    const codes = (id: string) => (answer.problems.issues[id] ?? []).map((issue) => issue.code);
    expect(ids.map(codes)).toEqual([
      [],
      [],
      [CHECK_TIME_BUDGET],
      [CHECK_TIME_BUDGET],
      [CHECK_TIME_BUDGET],
    ]);
    expect(answer.problems.canGenerate).toBe(true);
    expect(answer.text).toContain('operationId: gete');

    // The rules across endpoints are indexes, not cut: /e repeating /a's operationId is seen.
    const repeated = slow();
    repeated.open(parseOpenApi(withE('geta')));
    const both = repeated.apply([], repeated.revision, { problems: 'all' });
    const [a, , , , e] = repeated.current().endpoints.map((endpoint) => endpoint.id);
    expect(both.problems.issues[a as string]?.map((issue) => issue.code)).toEqual([
      'OPERATION_ID_DUPLICATE',
    ]);
    expect(both.problems.issues[e as string]?.map((issue) => issue.code)).toEqual([
      CHECK_TIME_BUDGET,
      'OPERATION_ID_DUPLICATE',
    ]);
  });

  it('cuts the document panel checks before the next server, scheme or tag', () => {
    const meta = {
      ...newDocumentMeta(),
      servers: [{ url: '' }, { url: '' }, { url: '' }],
    };
    const deadline = new CheckDeadline(
      1_000,
      slowClock(() => 600),
    );
    expect(validateMeta(meta, deadline).map((issue) => `${issue.code}@${issue.field}`)).toEqual([
      'SERVER_URL_REQUIRED@servers.0.url',
      'CHECK_TIME_BUDGET@',
    ]);
    expect(validateMeta(meta).map((issue) => issue.code)).toEqual([
      'SERVER_URL_REQUIRED',
      'SERVER_URL_REQUIRED',
      'SERVER_URL_REQUIRED',
    ]);
  });

  it('checks every rule when no clock runs out (the headless calls take no deadline)', () => {
    const session = new DocumentSession();
    session.open(
      parseOpenApi(document([...PATHS, '/a2'], '  /e:\n    get:\n      operationId: geta\n')),
    );
    const answer = session.apply([], session.revision, { problems: 'all' });
    const codes = Object.values(answer.problems.issues)
      .flat()
      .map((issue) => issue.code);
    expect(codes).not.toContain(CHECK_TIME_BUDGET);
    expect(codes).toContain('NO_RESPONSES');
  });
});
