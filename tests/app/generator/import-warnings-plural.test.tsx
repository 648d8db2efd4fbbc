import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportWarning } from '../../../src/app/core/generator-client';
import { ProblemsPanel } from '../../../src/app/generator/ProblemsPanel';
import type { ProblemList } from '../../../src/app/generator/problems';
import { renderPage } from '../pages/pricing/page-helpers';

/** `n` warnings of the form's rules (one per endpoint), as the Problems panel lists them. */
function problems(n: number): ProblemList {
  return {
    blocking: [],
    pending: [],
    warnings: Array.from({ length: n }, (_, i) => ({
      kind: 'rule' as const,
      key: `w${i}`,
      endpointId: `e${i}`,
      method: 'GET',
      path: `/a${i}`,
      code: 'PARAM_EXAMPLE_REQUIRED' as const,
      field: 'parameters.0.example',
    })),
    loadWarnings: [],
    unused: [],
    notes: [],
  };
}

/** `n` document-level load warnings: the load report's, not counted as problems. */
function loadReport(n: number): ProblemList {
  const warnings: ImportWarning[] = Array.from({ length: n }, (_, i) => ({
    code: 'INVALID_FIELD',
    pointer: `/servers/${i}`,
    message: `w${i}`,
  }));
  return {
    blocking: [],
    pending: [],
    warnings: [],
    loadWarnings: warnings.map((warning, i) => ({ kind: 'warning', key: `w${i}`, warning })),
    unused: [],
    notes: [],
  };
}

describe('the Problems panel counts with plural forms (issue 13 point 15)', () => {
  it.each([
    [1, '1 warning', '1 предупреждение'],
    [3, '3 warnings', '3 предупреждения'],
    [5, '5 warnings', '5 предупреждений'],
    [21, '21 warnings', '21 предупреждение'],
  ])('%i warnings', (n, en, ru) => {
    const props = { problems: problems(n), open: false, onToggle: () => {}, onSelect: () => {} };
    const { unmount } = renderPage(<ProblemsPanel {...props} />);
    expect(screen.getByText(en)).toBeTruthy();
    unmount();
    renderPage(<ProblemsPanel {...props} />, { locale: 'ru' });
    expect(screen.getByText(ru)).toBeTruthy();
  });

  it.each([
    [1, '1 note from loading', '1 замечание при загрузке'],
    [3, '3 notes from loading', '3 замечания при загрузке'],
    [5, '5 notes from loading', '5 замечаний при загрузке'],
  ])('%i load warnings: a load report, not warnings', (n, en, ru) => {
    const props = { problems: loadReport(n), open: false, onToggle: () => {}, onSelect: () => {} };
    const { unmount } = renderPage(<ProblemsPanel {...props} />);
    expect(screen.queryByTestId('problems-warnings')).toBeNull();
    expect(screen.getByText(en)).toBeTruthy();
    unmount();
    renderPage(<ProblemsPanel {...props} />, { locale: 'ru' });
    expect(screen.getByText(ru)).toBeTruthy();
  });
});
