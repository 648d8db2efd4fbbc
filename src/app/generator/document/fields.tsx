/** Small labelled inputs of the document panel and the operation details. */
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { FieldError } from '../ParameterSection';
import { commaList } from './meta-ops';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: MessageDescriptor | undefined;
  placeholder?: string;
  type?: 'text' | 'url' | 'email';
  className?: string;
  mono?: boolean;
  /** Extra content under the input (hints). */
  children?: ReactNode;
}

/** A labelled text input; its accessible name is the label alone (not the error under it). */
export function TextField({
  label,
  value,
  onChange,
  error,
  placeholder,
  type = 'text',
  className,
  mono = false,
  children,
}: TextFieldProps) {
  return (
    <label className={className ? `gen-field ${className}` : 'gen-field'}>
      <span>{label}</span>
      <input
        aria-label={label}
        type={type}
        value={value}
        placeholder={placeholder}
        aria-invalid={error !== undefined}
        spellCheck={mono ? false : undefined}
        className={mono ? 'doc-mono' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError message={error} />
      {children}
    </label>
  );
}

/**
 * A comma-separated list (enum values): the text is kept as typed while the list it means is
 * written, so "a, " does not lose its comma before the next value is typed.
 */
export function ListField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: readonly string[];
  onChange: (list: string[]) => void;
  placeholder?: string;
}) {
  const [draft, setDraft] = useState(value.join(', '));
  const [synced, setSynced] = useState(value);
  if (synced !== value) {
    setSynced(value);
    if (commaList(draft).join('\u0000') !== value.join('\u0000')) setDraft(value.join(', '));
  }
  return (
    <TextField
      label={label}
      value={draft}
      placeholder={placeholder}
      onChange={(text) => {
        setDraft(text);
        onChange(commaList(text));
      }}
    />
  );
}

export interface KeyFieldProps {
  label: string;
  /** The current key (a record key: a server variable, a security scheme, a shared schema). */
  value: string;
  /** Whether `next` may become the key; returns the error to show instead. */
  check: (next: string) => MessageDescriptor | undefined;
  onRename: (next: string) => void;
  error?: MessageDescriptor | undefined;
  className?: string;
  /** Rename only on Enter or leaving the field (for renames that touch the whole form). */
  commitOnBlur?: boolean;
  /**
   * A rename is under way (with commitOnBlur): the field is read-only and says so, and leaving
   * it does not start the same rename again.
   */
  busy?: boolean;
}

/**
 * An input for a record key: what the user types is a draft until it is a usable key (not empty,
 * not taken), so a half-typed name never overwrites or merges another entry.
 */
export function KeyField({
  label,
  value,
  check,
  onRename,
  error,
  className,
  commitOnBlur = false,
  busy = false,
}: KeyFieldProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(value);
  const [synced, setSynced] = useState(value);
  if (synced !== value) {
    // The key changed from outside (undo, Load): show it.
    setSynced(value);
    setDraft(value);
  }
  const draftError = draft === value ? undefined : check(draft);
  useEffect(() => {
    if (!commitOnBlur && draft !== value && check(draft) === undefined) onRename(draft);
  }, [draft, value, check, onRename, commitOnBlur]);
  const commit = () => {
    if (!busy && draft !== value && check(draft) === undefined) onRename(draft);
  };
  if (!commitOnBlur) {
    return (
      <TextField
        label={label}
        value={draft}
        onChange={setDraft}
        error={draftError ?? error}
        className={className}
        mono
      />
    );
  }
  return (
    <label className={className ? `gen-field ${className}` : 'gen-field'}>
      <span>{label}</span>
      <input
        aria-label={label}
        value={draft}
        aria-invalid={(draftError ?? error) !== undefined}
        aria-busy={busy || undefined}
        readOnly={busy}
        spellCheck={false}
        className="doc-mono"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (busy) return;
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            setDraft(value);
          }
        }}
      />
      {busy ? (
        <span className="gen-muted" role="status">
          {t`Renaming…`}
        </span>
      ) : (
        <FieldError message={draftError ?? error} />
      )}
    </label>
  );
}

/** Up, down and remove buttons of a list row, named after the row for screen readers. */
export function RowButtons({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  /** The row's name as read out, e.g. "server https://api.example.com". */
  what: string;
  index: number;
  count: number;
  onMove?: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="doc-row-buttons">
      {onMove ? (
        <>
          <button
            type="button"
            className="gen-icon-button"
            aria-label={t`Move ${what} up`}
            title={t`Move up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="gen-icon-button"
            aria-label={t`Move ${what} down`}
            title={t`Move down`}
            disabled={index >= count - 1}
            onClick={() => onMove(1)}
          >
            ↓
          </button>
        </>
      ) : null}
      <button
        type="button"
        className="gen-icon-button"
        aria-label={t`Remove ${what}`}
        title={t`Remove`}
        onClick={onRemove}
      >
        ×
      </button>
    </div>
  );
}
