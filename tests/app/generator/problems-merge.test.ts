/**
 * The Problems panel's rows once the lint answered (problems.ts mergeFindings): the lint's
 * findings, and the form's own problems the lint cannot see; a rule the lint checks is shown
 * once, from the lint.
 */
import { describe, expect, it } from 'vitest';
import { specformRuleset } from '../../../src/shared/openapi/lint/specform-ruleset';
import type { LintAnswer, LintFinding } from '../../../src/shared/openapi/lint/types';
import {
  LINT_COVERED,
  mergeFindings,
  type ProblemList,
  type RuleProblem,
} from '../../../src/app/generator/problems';

function rule(code: RuleProblem['code'], path: string, key: string): RuleProblem {
  return { kind: 'rule', key, endpointId: key, method: 'GET', path, code, field: '' };
}

function finding(code: string, path: (string | number)[]): LintFinding {
  return {
    code,
    path,
    severity: 'warning',
    message: code,
    range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } },
    source: 'specform',
  };
}

function answer(findings: LintFinding[]): LintAnswer {
  return {
    revision: 1,
    findings,
    counts: { error: 0, warning: findings.length, info: 0, hint: 0 },
    canGenerate: true,
    mode: 'full',
    ms: 0,
  };
}

describe('mergeFindings', () => {
  it('names only rules of the specform ruleset as covered', () => {
    const rules = Object.keys((specformRuleset as { rules: object }).rules);
    for (const code of LINT_COVERED) expect(rules).toContain(code);
  });

  it('keeps the form’s problems the lint cannot see and drops those it reports', () => {
    const list: ProblemList = {
      blocking: [rule('DUPLICATE', '/a', 'e1'), rule('NO_RESPONSES', '/b', 'e2')],
      pending: [],
      warnings: [],
      unused: [],
      notes: [],
    };
    const rows = mergeFindings(list, answer([finding('NO_RESPONSES', ['paths', '/b', 'get'])]));
    expect(rows.map((row) => `${row.code} ${row.problem === undefined ? 'lint' : 'form'}`)).toEqual(
      ['DUPLICATE form', 'NO_RESPONSES lint'],
    );
  });

  it('leaves out the lint’s as-loaded warning where the form has the edited endpoint’s error', () => {
    const list: ProblemList = {
      blocking: [rule('PATH_INCORRECT_CHARS', '/a b', 'e1')],
      pending: [],
      warnings: [],
      unused: [],
      notes: [],
    };
    const rows = mergeFindings(
      list,
      answer([
        finding('PATH_INCORRECT_CHARS_AS_LOADED', ['paths', '/a b']),
        finding('PATH_INCORRECT_CHARS_AS_LOADED', ['paths', '/c d']),
      ]),
    );
    expect(rows.map((row) => `${row.code} ${String(row.path[1])}`)).toEqual([
      'PATH_INCORRECT_CHARS /a b',
      'PATH_INCORRECT_CHARS_AS_LOADED /c d',
    ]);
  });
});
