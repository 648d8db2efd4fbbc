/**
 * Issue 31.17: problem messages say what is wrong and where in words; the validator's keyword,
 * the pointers and the schema's regular expression are the detail shown on request.
 */
import { i18n } from '@lingui/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LintAnswer, LintFinding } from '../../../src/shared/openapi/lint/types';
import { ProblemsPanel } from '../../../src/app/generator/ProblemsPanel';
import {
  describeDiagnostic,
  describeExampleProblem,
  pointerInWords,
} from '../../../src/app/generator/plain-messages';
import { examplePlace } from '../../../src/app/generator/example-findings';
import { activateTestLocale, renderWithProviders } from '../shell/helpers';

/** Linode's case: `additionalProperties: false` in one `allOf` branch, `data` in another. */
const LINODE = {
  body: 200,
  example: 'default',
  pointer: '/data',
  rule: 'false',
  schemaPointer: '/allOf/0/additionalProperties',
  message: 'False boolean schema.',
};

describe('problem messages in words (issue 31.17)', () => {
  it('reads a pointer as a place', () => {
    expect(pointerInWords('/items/0/id')).toBe('items[0].id');
    expect(pointerInWords('/a~1b')).toBe('a/b');
    expect(pointerInWords('')).toBe('');
  });

  it('says why an example does not fit and where, with the keyword as the detail', () => {
    activateTestLocale('en');
    const { text, detail } = describeExampleProblem(i18n, LINODE);
    expect(text).toBe(
      'In example “default” of the response 200, “data” is not allowed: a part of the schema (allOf) allows only its own properties, and “data” is not one of them.',
    );
    expect(text).not.toContain('(false)');
    expect(detail).toContain('false: False boolean schema.');
    expect(detail).toContain('/allOf/0/additionalProperties');
    activateTestLocale('ru');
    expect(describeExampleProblem(i18n, LINODE).text).toMatch(/[а-яё]/i);
  });

  it('words the pattern of a wrong openapi version, the pattern kept as the detail', () => {
    activateTestLocale('en');
    const raw = 'String does not match the pattern of "^3\\.0\\.\\d(-.+)?$".';
    const { text, detail } = describeDiagnostic(i18n, raw);
    expect(text).toContain('“openapi” version');
    expect(text).toContain('3.0.x, 3.1.x or 3.2.x');
    expect(text).not.toContain('^3');
    expect(detail).toBe(raw);
    expect(describeDiagnostic(i18n, 'Missing property "info".').text).toBe(
      'The required field “info” is missing here.',
    );
    // A message not recognised stays as it is, with no detail.
    expect(describeDiagnostic(i18n, 'Something else.')).toEqual({ text: 'Something else.' });
    activateTestLocale('ru');
    expect(describeDiagnostic(i18n, raw).text).toMatch(/[а-яё]/i);
  });

  it("shows the lint's example finding in words in the Problems panel, its detail behind Details", () => {
    activateTestLocale('en');
    const finding: LintFinding = {
      code: 'oas3-valid-media-example',
      path: ['paths', '/linodes', 'get', 'responses', '200', 'content', 'application/json'].concat([
        'examples',
        'default',
        'value',
      ]),
      severity: 'error',
      message: 'Property "data" is not expected to be here',
      range: { start: { line: 9, character: 2 }, end: { line: 9, character: 20 } },
      source: 'spectral:oas',
    };
    expect(examplePlace(finding)).toMatchObject({
      body: '200',
      example: 'default',
      pointer: '/data',
      rule: 'additionalProperties',
    });
    const lint: LintAnswer = {
      revision: 1,
      findings: [finding],
      counts: { error: 1, warning: 0, info: 0, hint: 0 },
      canGenerate: true,
      mode: 'full',
      ms: 1,
    };
    renderWithProviders(
      <ProblemsPanel
        problems={{
          blocking: [],
          pending: [],
          warnings: [],
          loadWarnings: [],
          unused: [],
          notes: [],
        }}
        lint={lint}
        open
        onToggle={vi.fn()}
        onSelect={vi.fn()}
      />,
    );
    expect(screen.getByTestId('rule-group').textContent).toContain(
      'Example does not fit its schema',
    );
    const row = screen.getByTestId('problem');
    expect(row.textContent).toContain(
      'In example “default” of the response 200, “data” is not allowed',
    );
    const details = screen.getByTestId('problem-details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByText('Details'));
    expect(details.textContent).toContain('Property "data" is not expected to be here');
    expect(details.textContent).toContain('/data');
  });
});
