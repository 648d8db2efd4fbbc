/**
 * A document too large to lint by itself: the panel offers the check with its expected time
 * ("about N minutes"), and while it runs shows the time spent and a Cancel. The buttons are
 * buttons (the keyboard presses them), and the one that replaces the other takes the focus.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { collectProblems } from '../../../src/app/generator/problems';
import { ProblemsPanel } from '../../../src/app/generator/ProblemsPanel';
import { lintEstimateMs, type LargeLint } from '../../../src/app/generator/useLint';
import { renderPage } from '../pages/pricing/page-helpers';

const EMPTY = collectProblems([], () => undefined, undefined, []);
const CHARS = 13_000_000;
const OFFERED: LargeLint = { chars: CHARS, status: 'offered', estimateMs: lintEstimateMs(CHARS) };

/** The panel with the check's state held as the wiring holds it. */
function Panel({ onCheck, onCancel }: { onCheck: () => void; onCancel: () => void }) {
  const [large, setLarge] = useState<LargeLint>(OFFERED);
  return (
    <ProblemsPanel
      problems={EMPTY}
      open={false}
      onToggle={() => {}}
      onSelect={() => {}}
      large={large}
      onCheckWhole={() => {
        onCheck();
        setLarge({ ...OFFERED, status: 'running', startedAt: Date.now() });
      }}
      onCancelWhole={() => {
        onCancel();
        setLarge(OFFERED);
      }}
    />
  );
}

describe('the whole check of a large document', () => {
  it('is offered with its expected time even with no problem to show, and runs and cancels', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const onCheck = vi.fn();
      const onCancel = vi.fn();
      renderPage(<Panel onCheck={onCheck} onCancel={onCancel} />);
      expect(screen.getByTestId('problems-whole').textContent).toContain('13.0 MB');
      const check = screen.getByTestId('problems-whole-check');
      expect(check.textContent).toBe("Check with Spectral's rules (about 3 minutes)");
      check.focus();
      fireEvent.click(check);
      expect(onCheck).toHaveBeenCalledTimes(1);
      const box = screen.getByTestId('problems-whole');
      expect(box.dataset.status).toBe('running');
      expect(box.textContent).toContain('0:00 of about 3 minutes');
      act(() => vi.advanceTimersByTime(65_000));
      expect(box.textContent).toContain('1:05 of about 3 minutes');
      const cancel = screen.getByTestId('problems-whole-cancel');
      // The pressed button went: the keyboard's focus is on the one in its place.
      expect(document.activeElement).toBe(cancel);
      fireEvent.click(cancel);
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('problems-whole').dataset.status).toBe('offered');
      expect(document.activeElement).toBe(screen.getByTestId('problems-whole-check'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('speaks Russian', () => {
    renderPage(<Panel onCheck={() => {}} onCancel={() => {}} />, { locale: 'ru' });
    const check = screen.getByTestId('problems-whole-check');
    expect(check.textContent).not.toContain('Check with');
    expect(check.textContent).toContain('3');
  });
});
