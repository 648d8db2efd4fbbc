/**
 * The Problems panel's rows once the lint answered (problems.ts mergeFindings): the lint's
 * findings, and the form's own problems the lint cannot see; a rule the lint checks is shown
 * once, from the lint.
 */
import { describe, expect, it } from 'vitest';
import { specformRuleset } from '../../../src/shared/openapi/lint/specform-ruleset';
import type { LintAnswer, LintFinding } from '../../../src/shared/openapi/lint/types';
import {
  FORM_RULES,
  specformRuleset as ourRuleset,
} from '../../../src/shared/openapi/lint/specform-ruleset';
import { FIELD_MESSAGES } from '../../../src/app/generator/issue-messages';
import {
  formBlocks,
  LINT_COVERED,
  mergeFindings,
  type ProblemList,
  type RuleProblem,
} from '../../../src/app/generator/problems';

function rule(code: RuleProblem['code'], path: string, key: string): RuleProblem {
  return { kind: 'rule', key, endpointId: key, method: 'GET', path, code, field: '' };
}

function finding(
  code: string,
  path: (string | number)[],
  severity: LintFinding['severity'] = 'warning',
): LintFinding {
  return {
    code,
    path,
    severity,
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

  it('sorts every rule of the form into the text’s rules or the form’s own, never both', () => {
    const rules = Object.keys((ourRuleset as { rules: object }).rules);
    for (const code of Object.keys(FIELD_MESSAGES)) {
      const inText = LINT_COVERED.has(code);
      const formOnly = FORM_RULES.has(code as RuleProblem['code']);
      expect(inText !== formOnly, code).toBe(true);
      if (inText) expect(rules, code).toContain(code);
    }
  });

  it('drops the form’s rows of the rules the text carries, whatever the lint found', () => {
    const list: ProblemList = {
      blocking: [
        rule('PARAM_NAME_REQUIRED', '/a', 'e1'),
        rule('PATH_REQUIRED', '', 'e2'),
        rule('RESPONSE_CODE_REQUIRED', '/a', 'e3'),
      ],
      pending: [],
      warnings: [rule('PARAM_EXAMPLE_REQUIRED', '/a', 'e4')],
      loadWarnings: [],
      unused: [],
      notes: [],
    };
    const rows = mergeFindings(
      list,
      answer([finding('PARAM_NAME_REQUIRED', ['paths', '/a', 'get', 'parameters', 0], 'error')]),
    );
    expect(rows.map((row) => `${row.code} ${row.problem === undefined ? 'lint' : 'form'}`)).toEqual(
      ['RESPONSE_CODE_REQUIRED form', 'PARAM_NAME_REQUIRED lint'],
    );
  });

  it('does not show the lint’s finding of a field the user has not touched yet', () => {
    // A new endpoint: written as `''` with its parameter `name: ''`; the form holds both back.
    const list: ProblemList = {
      blocking: [],
      pending: [rule('PATH_REQUIRED', '', 'e1'), rule('PARAM_NAME_REQUIRED', '/b', 'e2')],
      warnings: [],
      loadWarnings: [],
      unused: [],
      notes: [],
    };
    const rows = mergeFindings(
      list,
      answer([
        finding('PATH_REQUIRED', ['paths', ''], 'error'),
        finding('PARAM_NAME_REQUIRED', ['paths', '/b', 'get', 'parameters', 0], 'error'),
        finding('PARAM_NAME_REQUIRED', ['paths', '/c', 'get', 'parameters', 0], 'error'),
      ]),
    );
    expect(rows.map((row) => `${row.code} ${String(row.path[1])}`)).toEqual([
      'PARAM_NAME_REQUIRED /c',
    ]);
  });

  it('blocks Generate by the form’s own errors only, shown or pending', () => {
    const list = (blocking: RuleProblem[], pending: RuleProblem[] = []): ProblemList => ({
      blocking,
      pending,
      warnings: [],
      loadWarnings: [],
      unused: [],
      notes: [],
    });
    expect(formBlocks(list([rule('DUPLICATE', '/a', 'e1')]))).toBe(true);
    expect(formBlocks(list([], [rule('RESPONSE_CODE_REQUIRED', '/a', 'e1')]))).toBe(true);
    // The lint's errors decide those: the form's copy is not counted twice.
    expect(formBlocks(list([rule('PATH_MUST_START_WITH', 'a', 'e1')]))).toBe(false);
    expect(formBlocks(list([], [rule('PATH_REQUIRED', '', 'e1')]))).toBe(false);
  });

  it('keeps the form’s problems the lint cannot see and drops those it reports', () => {
    const list: ProblemList = {
      blocking: [rule('DUPLICATE', '/a', 'e1'), rule('NO_RESPONSES', '/b', 'e2')],
      pending: [],
      warnings: [],
      loadWarnings: [],
      unused: [],
      notes: [],
    };
    const rows = mergeFindings(list, answer([finding('NO_RESPONSES', ['paths', '/b', 'get'])]));
    expect(rows.map((row) => `${row.code} ${row.problem === undefined ? 'lint' : 'form'}`)).toEqual(
      ['DUPLICATE form', 'NO_RESPONSES lint'],
    );
    // An endpoint the user gave no response is written with a `default` one: only the form knows.
    const made = mergeFindings(list, answer([]));
    expect(made.map((row) => `${row.code} ${row.problem === undefined ? 'lint' : 'form'}`)).toEqual(
      ['DUPLICATE form', 'NO_RESPONSES form'],
    );
  });

  it('leaves out the lint’s as-loaded warning where the form has the edited endpoint’s error', () => {
    const list: ProblemList = {
      blocking: [rule('PATH_INCORRECT_CHARS', '/a b', 'e1')],
      pending: [],
      warnings: [],
      loadWarnings: [],
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
