/**
 * The form's own rules in the one lint: the document session hands the lint its form state (the
 * issues of FORM_RULES, lint/form-state.ts) with the text, and the lint answers them as findings
 * of the `specform` rules at their endpoints' operations, in the same answer as the text's.
 */
import { describe, expect, it } from 'vitest';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import { Linter } from '../../../src/shared/openapi/lint/lint';
import { createLintApi } from '../../../src/shared/openapi/lint/lint-api';
import type { FormState } from '../../../src/shared/openapi/lint/form-state';
import { newEndpoint } from '../../../src/shared/openapi/new-endpoint';
import type { Endpoint } from '../../../src/shared/openapi/model';
import { value } from '../support/result';

const TEXT = `openapi: 3.0.1
info:
  title: Test
  version: v1
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
  /users:
    get:
      responses: {}
  /a b:
    get:
      responses:
        '200':
          description: ok
`;

function form(...endpoints: [string, string, string, string, string][]): FormState {
  return {
    formEndpoints: endpoints.map(([id, key, method, code, field]) => ({
      id,
      root: 'paths',
      key,
      method,
      issues: [{ code, field }],
    })),
  };
}

describe('the form’s rules in the lint', () => {
  it('answers them at their operations with the text’s findings, and they decide Generate', async () => {
    const linter = new Linter();
    const answer = await linter.lint(
      TEXT,
      1,
      undefined,
      form(
        ['e1', '/pets', 'get', 'DUPLICATE', ''],
        ['e2', '/pets', 'get', 'DUPLICATE', ''],
        // A loaded operation without responses: the text's finding is the one answered.
        ['e3', '/users', 'get', 'NO_RESPONSES', 'responses'],
        // The edited endpoint's error replaces the text's as-loaded warning at its path.
        ['e4', '/a b', 'get', 'PATH_INCORRECT_CHARS', 'path'],
      ),
    );
    const ours = answer.findings.filter((finding) => finding.source === 'specform');
    expect(
      ours.map((f) => `${f.code} ${f.path.join(' ')} ${f.severity} ${f.form?.endpointId ?? '-'}`),
    ).toEqual([
      'DUPLICATE paths /pets get error e1',
      'DUPLICATE paths /pets get error e2',
      'NO_RESPONSES paths /users get error -',
      'PATH_INCORRECT_CHARS paths /a b get error e4',
    ]);
    // Placed at the operation in the text: `get:` under `/pets:`, line 7 (6 counted from 0).
    expect(ours[0]?.range.start.line).toBe(6);
    expect(ours[0]?.form).toEqual({ endpointId: 'e1', field: '' });
    expect(answer.canGenerate).toBe(false);
    expect(answer.counts.error).toBeGreaterThanOrEqual(4);
  });

  it('is turned off by a project’s ruleset like any rule', async () => {
    const linter = new Linter();
    linter.setRuleset('extends: [spectral:oas, specform]\nrules:\n  DUPLICATE: off\n');
    const answer = await linter.lint(
      TEXT,
      1,
      undefined,
      form(['e1', '/pets', 'get', 'DUPLICATE', '']),
    );
    expect(answer.findings.map((finding) => finding.code)).not.toContain('DUPLICATE');
    expect(linter.ruleset().rules.DUPLICATE).toBe('off');
  });

  it('keeps the text’s findings when only the form changed', async () => {
    const linter = new Linter();
    const first = await linter.lint(TEXT, 1);
    const again = await linter.lint(
      TEXT,
      2,
      [],
      form(['e1', '/pets', 'get', 'RESPONSE_CODE_REQUIRED', 'responses.1.statusCode']),
    );
    const text = (answer: typeof first) =>
      answer.findings.filter((finding) => finding.form === undefined).map((f) => JSON.stringify(f));
    expect(text(again)).toEqual(text(first));
    expect(again.findings.filter((finding) => finding.form !== undefined)).toHaveLength(1);
  });

  it('reads the form’s state from the document session with its text', async () => {
    const core = createCoreApi();
    value(core.openDocument(TEXT));
    const views = value(core.views(0, 100)) as Endpoint[];
    const pets = views.find((view) => view.path === '/pets') as Endpoint;
    // A second endpoint on the route of the first: the session does not write it.
    const copy: Endpoint = { ...newEndpoint(false), path: '/pets', method: 'GET' };
    copy.responses = [{ statusCode: 200, body: { name: '', customerJson: '' } }];
    value(core.apply([{ kind: 'addEndpoint', endpoint: copy, index: 1 }], value(core.revision())));
    const info = value(core.textInfo());
    const api = createLintApi();
    api.connectDocument({
      text: (ref) => {
        const text = value(core.lintText(ref));
        return text;
      },
      form: (ref) => value(core.lintForm(ref)),
    });
    const answer = await api.lintDocument({ revision: 1, document: info });
    expect(answer.ok).toBe(true);
    const found = answer.ok && answer.value !== 'stale' ? answer.value.findings : [];
    expect(
      found
        .filter((finding) => finding.code === 'DUPLICATE')
        .map((finding) => finding.form?.endpointId)
        .sort(),
    ).toEqual([pets.id, copy.id].sort());
    // Another revision's state is stale, as its text is.
    expect(value(core.lintForm({ ...info, revision: info.revision + 1 }))).toBe('stale');
  });
});
