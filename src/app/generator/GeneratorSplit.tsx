/**
 * The generator's resizable split: form and output side by side, the
 * separator between them draggable and keyboard-accessible (role="separator", ← → by 2 %, with
 * Shift by 10 %, Home/End, double-click or Enter for half and half). The share of the form is
 * remembered in localStorage. On phones (Form/YAML tabs) there is no separator.
 */
import { useLingui } from '@lingui/react/macro';
import {
  useCallback,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

export const SPLIT_KEY = 'specform.generator.split';
/** The form's share of the width, in percent. */
export const SPLIT_MIN = 25;
export const SPLIT_MAX = 75;
export const SPLIT_DEFAULT = 50;

function clamp(value: number): number {
  return Math.round(Math.max(SPLIT_MIN, Math.min(SPLIT_MAX, value)) * 10) / 10;
}

function storedSplit(): number {
  try {
    const value = Number(localStorage.getItem(SPLIT_KEY));
    return Number.isFinite(value) && value > 0 ? clamp(value) : SPLIT_DEFAULT;
  } catch {
    return SPLIT_DEFAULT;
  }
}

function store(value: number): void {
  try {
    localStorage.setItem(SPLIT_KEY, String(value));
  } catch {
    // storage full or blocked: the split lasts for this page
  }
}

export interface GeneratorSplit {
  /** The form's share, in percent. */
  percent: number;
  /** Classes and style for the page's grid. */
  className: string;
  style: CSSProperties;
  /** The separator, or null on phones. */
  separator: ReactNode;
}

export function useGeneratorSplit(narrow: boolean): GeneratorSplit {
  const { t } = useLingui();
  const [percent, setPercent] = useState(storedSplit);
  const drag = useRef<{ left: number; width: number } | undefined>(undefined);
  const change = useCallback((next: number) => {
    const value = clamp(next);
    setPercent(value);
    store(value);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 10 : 2;
    const next =
      event.key === 'ArrowLeft'
        ? percent - step
        : event.key === 'ArrowRight'
          ? percent + step
          : event.key === 'Home'
            ? SPLIT_MIN
            : event.key === 'End'
              ? SPLIT_MAX
              : event.key === 'Enter'
                ? SPLIT_DEFAULT
                : undefined;
    if (next === undefined) return;
    event.preventDefault();
    change(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const form = event.currentTarget.previousElementSibling;
    const output = event.currentTarget.nextElementSibling;
    if (!form || !output) return;
    const left = form.getBoundingClientRect().left;
    const width = output.getBoundingClientRect().right - left;
    if (width <= 0) return;
    drag.current = { left, width };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = drag.current;
    if (!box) return;
    setPercent(clamp(((event.clientX - box.left) / box.width) * 100));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = undefined;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    setPercent((value) => {
      store(value);
      return value;
    });
  };

  const separator = narrow ? null : (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-valuenow={percent}
      aria-valuemin={SPLIT_MIN}
      aria-valuemax={SPLIT_MAX}
      aria-valuetext={t`Form ${Math.round(percent)}%, output ${Math.round(100 - percent)}%`}
      aria-label={t`Resize the form and the output`}
      title={t`Drag, or use ← and →, to resize. Double-click for half and half.`}
      tabIndex={0}
      className="gen-split"
      data-testid="gen-split"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={() => change(SPLIT_DEFAULT)}
    />
  );
  return {
    percent,
    className: narrow ? '' : 'gen-page-split',
    style: {
      '--gen-form-share': `${percent}fr`,
      '--gen-output-share': `${100 - percent}fr`,
    } as CSSProperties,
    separator,
  };
}
