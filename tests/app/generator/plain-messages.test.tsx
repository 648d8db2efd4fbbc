/**
 * Issue 31.17: problem messages say what is wrong and where in words; the validator's keyword,
 * the pointers and the schema's regular expression are the detail shown on request.
 */
import { i18n } from '@lingui/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EndpointExampleProblem } from '../../../src/shared/openapi';
import { ProblemsPanel } from '../../../src/app/generator/ProblemsPanel';
import {
  describeDiagnostic,
  describeExampleProblem,
  pointerInWords,
} from '../../../src/app/generator/plain-messages';
import { activateTestLocale, renderWithProviders } from '../shell/helpers';

/** Linode's case: `additionalProperties: false` in one `allOf` branch, `data` in another. */
const LINODE: EndpointExampleProblem = {
  endpointId: 'e1',
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

  it('shows the example problem in words in the Problems panel, its detail behind Details', () => {
    renderWithProviders(
      <ProblemsPanel
        problems={{
          blocking: [],
          pending: [],
          warnings: [
            {
              kind: 'example',
              key: 'x',
              endpointId: 'e1',
              method: 'GET',
              path: '/linodes',
              problem: LINODE,
            },
          ],
          unused: [],
          notes: [],
        }}
        open
        onToggle={vi.fn()}
        onSelect={vi.fn()}
      />,
    );
    const row = screen.getByTestId('problem');
    expect(row.textContent).toContain('“data” is not allowed');
    expect(row.textContent).not.toContain('(false)');
    const details = screen.getByTestId('problem-details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByText('Details'));
    expect(details.textContent).toContain('/allOf/0/additionalProperties');
  });
});
