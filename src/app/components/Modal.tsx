import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './controls.css';

let locks = 0;
let savedOverflow = '';

/** Locks page scrolling while at least one modal is open; restores the previous value after. */
function lockScroll(): () => void {
  if (locks === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  locks++;
  return () => {
    locks--;
    if (locks === 0) document.body.style.overflow = savedOverflow;
  };
}

export interface ModalProps {
  title: string;
  subtitle?: string | undefined;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
  className?: string;
  testId?: string;
}

/** A modal dialog: × and Escape close it, page scroll is locked while it is open. */
export function Modal({
  title,
  subtitle,
  onClose,
  children,
  footer,
  className,
  testId,
}: ModalProps) {
  const { t } = useLingui();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // A layout effect, not a passive one: the dialog must answer Escape from the first frame it is
  // visible in (a passive effect runs after paint, and a fast Escape would be lost).
  useLayoutEffect(() => {
    const unlock = lockScroll();
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    const primary = box.current?.querySelector<HTMLElement>('[data-autofocus]');
    (primary ?? box.current)?.focus();
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      unlock();
      previous?.focus();
    };
  }, []);

  return (
    <div className="gen-modal-backdrop">
      <div
        ref={box}
        className={className ? `gen-modal ${className}` : 'gen-modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="gen-modal-head">
          <div>
            <h2 id={titleId} className="gen-modal-title">
              {title}
            </h2>
            {subtitle ? <p className="gen-modal-subtitle">{subtitle}</p> : null}
          </div>
          <button type="button" className="gen-modal-close" aria-label={t`Close`} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="gen-modal-body">{children}</div>
        <div className="gen-modal-foot">{footer}</div>
      </div>
    </div>
  );
}

/**
 * The usual footer of a dialog: anything `before` (a secondary action), Cancel, then the action
 * that confirms, focused first. `tone` colours it: primary, or danger for what removes something.
 */
export function DialogActions({
  before,
  confirmLabel,
  onConfirm,
  onCancel,
  tone = 'primary',
}: {
  before?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  tone?: 'primary' | 'danger';
}) {
  const { t } = useLingui();
  return (
    <>
      {before}
      <button type="button" className="gen-button" onClick={onCancel}>
        {t`Cancel`}
      </button>
      <button
        type="button"
        className={`gen-button gen-button-${tone}`}
        data-autofocus
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
    </>
  );
}
