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
import { validateExamples } from '../../src/shared/openapi/inference/validate-examples';

/** A clock whose every reading is `step` ms after the one before (a check as slow as we like). */
function slowClock(step: () => number): () => number {
  let now = 0;
  return () => {
    const at = now;
    now += step();
    return at;
  };
}

/** `/a`…: each answers 200 with two examples, the second of which does not fit (id: "x"). */
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
  it('cuts a slow example check: the batch answers, the cut is a warning, Generate still works', () => {
    let step = 0;
    // Only the example checks are slow here: the rules and the panel have no budget to spend.
    const session = new DocumentSession({
      clock: slowClock(() => step),
      budgets: { examples: 2_100, rules: Infinity, meta: Infinity },
    });
    session.open(parseOpenApi(document(PATHS)));
    const ids = session.current().endpoints.map((endpoint) => endpoint.id);

    // Every unit of example checking (a body, an example) takes 400 ms: 2.1 s end inside /b.
    step = 400;
    const answer = session.apply([], session.revision, {
      problems: 'all',
      examples: true,
      text: 'ifValid',
    });

    const rules = (id: string) =>
      (answer.examples?.[id] ?? []).map((p) => `${p.rule}@${p.example}`);
    // /a was checked whole: its bad example's problem is there.
    expect(rules(ids[0] as string)).toEqual(['type@bad']);
    // /b was cut between its examples; /c and /d were not reached: each says so, once.
    expect(rules(ids[1] as string)).toEqual([`${CHECK_TIME_BUDGET}@bad`]);
    expect(rules(ids[2] as string)).toEqual([`${CHECK_TIME_BUDGET}@good`]);
    expect(rules(ids[3] as string)).toEqual([`${CHECK_TIME_BUDGET}@good`]);
    expect(answer.examples?.[ids[1] as string]?.[0]).toMatchObject({
      body: 200,
      message: expect.stringContaining('longer than 2100 ms'),
    });
    // Not blocking: the document generates, and the batch answered its text.
    expect(answer.problems.canGenerate).toBe(true);
    expect(answer.text).toContain('operationId: getd');

    // The next batch that changes a cut endpoint checks it again, within its budget.
    step = 0;
    const again = session.apply(
      [{ kind: 'setField', endpointId: ids[2] as string, field: 'summary', value: 'C' }],
      answer.revision,
      { examples: true },
    );
    expect(again.examples?.[ids[2] as string]?.map((p) => p.rule)).toEqual(['type']);
  });

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
        budgets: { rules: 1_000, examples: Infinity, meta: Infinity },
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

  it('checks everything when no clock runs out (the headless calls take no deadline)', () => {
    const session = new DocumentSession();
    session.open(parseOpenApi(document(PATHS)));
    const answer = session.apply([], session.revision, { problems: 'all', examples: true });
    const all = Object.values(answer.examples ?? {}).flat();
    expect(all.map((p) => p.rule)).toEqual(['type', 'type', 'type', 'type']);
    const views = session.current().endpoints;
    expect(validateExamples(views).map((p) => p.rule)).toEqual(['type', 'type', 'type', 'type']);
  });
});
