/**
 * The Problems panel's rows once the lint answered (problems.ts mergeFindings): the lint's one
 * answer (the text's findings and the form's own rules), less what the user is not shown yet.
 */
import { describe, expect, it } from 'vitest';
import type { LintAnswer, LintFinding } from '../../../src/shared/openapi/lint/types';
import { FORM_ISSUES_GIVEN } from '../../../src/shared/openapi/lint/form-state';
import { FORM_RULES, specformRuleset } from '../../../src/shared/openapi/lint/specform-ruleset';
import { FIELD_MESSAGES } from '../../../src/app/generator/issue-messages';
import {
  formProblemOf,
  mergeFindings,
  type ProblemList,
  type RuleProblem,
} from '../../../src/app/generator/problems';

function rule(code: RuleProblem['code'], path: string, key: string, field = ''): RuleProblem {
  return { kind: 'rule', key, endpointId: key, method: 'GET', path, code, field };
}

function finding(
  code: string,
  path: (string | number)[],
  severity: LintFinding['severity'] = 'warning',
  form?: LintFinding['form'],
): LintFinding {
  const made: LintFinding = {
    code,
    path,
    severity,
    message: code,
    range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } },
    source: 'specform',
  };
  if (form !== undefined) made.form = form;
  return made;
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

function list(pending: RuleProblem[] = [], blocking: RuleProblem[] = []): ProblemList {
  return { blocking, pending, warnings: [], loadWarnings: [], unused: [], notes: [] };
}

/** What a rule of the `specform` ruleset reads: the text, the form's state, or both. */
function reads(code: string): { text: boolean; form: boolean } {
  const rules = (specformRuleset as { rules: Record<string, { given: string | string[] }> }).rules;
  const given = rules[code]?.given;
  const all = given === undefined ? [] : Array.isArray(given) ? given : [given];
  return {
    text: all.some((path) => path !== FORM_ISSUES_GIVEN),
    form: all.includes(FORM_ISSUES_GIVEN),
  };
}

/** Rules of the form whose catch may be in the text as well (a loaded operation without responses). */
const TEXT_AND_FORM = new Set(['NO_RESPONSES']);

describe('mergeFindings', () => {
  it('has every rule of the form in the one ruleset, reading the text or the form’s state', () => {
    for (const code of Object.keys(FIELD_MESSAGES)) {
      const read = reads(code);
      expect(read.text || read.form, `${code} is a rule of specform`).toBe(true);
      // A rule of the form's own reads its state; every other rule reads the text alone.
      expect(read.form, code).toBe(FORM_RULES.has(code as RuleProblem['code']));
      expect(read.text, code).toBe(!read.form || TEXT_AND_FORM.has(code));
    }
  });

  it('shows every finding of the answer, the form’s rules among them', () => {
    const rows = mergeFindings(
      list(),
      answer([
        finding('PARAM_NAME_REQUIRED', ['paths', '/a', 'get', 'parameters', 0], 'error'),
        finding('DUPLICATE', ['paths', '/a', 'get'], 'error', { endpointId: 'e1', field: '' }),
        finding('DUPLICATE', ['paths', '/a', 'get'], 'error', { endpointId: 'e2', field: '' }),
      ]),
    );
    expect(rows.map((row) => `${row.code} ${row.form?.endpointId ?? 'text'}`)).toEqual([
      'PARAM_NAME_REQUIRED text',
      'DUPLICATE e1',
      'DUPLICATE e2',
    ]);
  });

  it('does not show a finding of a field the user has not touched yet', () => {
    // A new endpoint: written as `''` with its parameter `name: ''`; the form holds both back,
    // and its response without a code (the form's rule) too.
    const rows = mergeFindings(
      list([
        rule('PATH_REQUIRED', '', 'e1', 'path'),
        rule('PARAM_NAME_REQUIRED', '/b', 'e2', 'parameters.p1.name'),
        rule('RESPONSE_CODE_REQUIRED', '/b', 'e2', 'responses.0.statusCode'),
      ]),
      answer([
        finding('PATH_REQUIRED', ['paths', ''], 'error'),
        finding('PARAM_NAME_REQUIRED', ['paths', '/b', 'get', 'parameters', 0], 'error'),
        finding('PARAM_NAME_REQUIRED', ['paths', '/c', 'get', 'parameters', 0], 'error'),
        finding('RESPONSE_CODE_REQUIRED', ['paths', '/b', 'get'], 'error', {
          endpointId: 'e2',
          field: 'responses.0.statusCode',
        }),
        finding('RESPONSE_CODE_REQUIRED', ['paths', '/b', 'get'], 'error', {
          endpointId: 'e2',
          field: 'responses.1.statusCode',
        }),
      ]),
    );
    expect(
      rows.map((row) => `${row.code} ${String(row.path[1])} ${row.form?.field ?? ''}`),
    ).toEqual(['PARAM_NAME_REQUIRED /c ', 'RESPONSE_CODE_REQUIRED /b responses.1.statusCode']);
  });

  it('finds the field of a finding of the form’s rules by the endpoint it names', () => {
    const duplicate = finding('DUPLICATE', ['paths', '/a', 'get'], 'error', {
      endpointId: 'e2',
      field: '',
    });
    expect(formProblemOf(list(), duplicate)).toMatchObject({
      endpointId: 'e2',
      method: 'GET',
      path: '/a',
      code: 'DUPLICATE',
      field: '',
    });
    // A finding of the text is matched with the form's problem of the same rule and operation.
    const blank = finding('PARAM_NAME_REQUIRED', ['paths', '/a', 'get', 'parameters', 0], 'error');
    expect(
      formProblemOf(list([], [rule('PARAM_NAME_REQUIRED', '/a', 'e1', 'parameters.p.name')]), blank)
        ?.field,
    ).toBe('parameters.p.name');
  });
});
