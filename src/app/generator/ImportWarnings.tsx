import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo, useMemo, useState } from 'react';
import type { ImportWarning } from '../core/generator-client';
import { WARNING_MESSAGES } from './warning-messages';

export interface ImportWarningsProps {
  warnings: ImportWarning[];
  onDismiss: () => void;
}

interface Group {
  key: string;
  method: string | undefined;
  path: string | undefined;
  items: ImportWarning[];
}

/** Groups warnings by operation (method and path); document-level ones come first. */
export function groupWarnings(warnings: readonly ImportWarning[]): Group[] {
  const groups = new Map<string, Group>();
  for (const warning of warnings) {
    const method = warning.method?.toUpperCase();
    const key = method || warning.path ? `${method ?? ''} ${warning.path ?? ''}` : '';
    let group = groups.get(key);
    if (!group) {
      group = { key, method, path: warning.path, items: [] };
      groups.set(key, group);
    }
    group.items.push(warning);
  }
  return [...groups.values()].sort((a, b) => (a.key === '' ? -1 : b.key === '' ? 1 : 0));
}

/** Groups shown before "Show all" (thousands of DOM rows would stall the tab). */
const FIRST_GROUPS = 50;

/** Warnings shown per group before "and N more" (a document-level group can hold hundreds). */
const FIRST_ITEMS = 20;

/** What the form could not hold from a loaded document, grouped by operation; dismissible. */
export const ImportWarnings = memo(function ImportWarnings({
  warnings,
  onDismiss,
}: ImportWarningsProps) {
  const { t, i18n } = useLingui();
  const groups = useMemo(() => groupWarnings(warnings), [warnings]);
  const [showAll, setShowAll] = useState(false);
  if (warnings.length === 0) return null;
  const shown = showAll ? groups : groups.slice(0, FIRST_GROUPS);
  const count = warnings.length;
  return (
    <section className="gen-warnings" aria-label={t`Import warnings`} data-testid="import-warnings">
      <div className="gen-warnings-head">
        <strong>
          <Plural
            value={count}
            one="# part of the document could not be loaded into the form"
            other="# parts of the document could not be loaded into the form"
          />
        </strong>
        <button
          type="button"
          className="gen-modal-close"
          aria-label={t`Dismiss the warnings`}
          onClick={onDismiss}
        >
          ×
        </button>
      </div>
      <ul className="gen-warnings-list">
        {shown.map((group) => (
          <li key={group.key} className="gen-warnings-group">
            <span className="gen-warnings-op">
              {group.key === '' ? (
                <Trans>Document</Trans>
              ) : (
                <>
                  {group.method ? <span className="gen-method">{group.method}</span> : null}{' '}
                  {group.path}
                </>
              )}
            </span>
            <ul>
              {(showAll ? group.items : group.items.slice(0, FIRST_ITEMS)).map((warning, i) => (
                <li key={i} title={warning.message}>
                  {WARNING_MESSAGES[warning.code]
                    ? i18n._(WARNING_MESSAGES[warning.code]!)
                    : warning.message}{' '}
                  {warning.pointer ? <code className="gen-muted">{warning.pointer}</code> : null}
                </li>
              ))}
              {!showAll && group.items.length > FIRST_ITEMS ? (
                <li className="gen-muted">
                  <Trans>and {group.items.length - FIRST_ITEMS} more</Trans>
                </li>
              ) : null}
            </ul>
          </li>
        ))}
      </ul>
      {!showAll &&
      (groups.length > shown.length || groups.some((g) => g.items.length > FIRST_ITEMS)) ? (
        <button
          type="button"
          className="gen-button gen-button-small"
          onClick={() => setShowAll(true)}
        >
          <Trans>Show all {count} warnings</Trans>
        </button>
      ) : null}
    </section>
  );
});
