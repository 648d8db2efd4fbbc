import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportWarning } from '../../../src/app/core/generator-client';
import { ProblemsPanel } from '../../../src/app/generator/ProblemsPanel';
import type { ProblemList } from '../../../src/app/generator/problems';
import { renderPage } from '../pages/pricing/page-helpers';

/** `n` document-level load warnings as the Problems panel lists them. */
function problems(n: number): ProblemList {
  const warnings: ImportWarning[] = Array.from({ length: n }, (_, i) => ({
    code: 'INVALID_FIELD',
    pointer: `/servers/${i}`,
    message: `w${i}`,
  }));
  return {
    blocking: [],
    pending: [],
    warnings: warnings.map((warning, i) => ({ kind: 'warning', key: `w${i}`, warning })),
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
});
