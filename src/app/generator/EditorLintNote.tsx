/**
 * The head of the list under the output editor: what its findings are of. The editor's own
 * text (not the document) says so; a changed text is being checked; a text over the lint's
 * automatic limit offers its check (and Cancel while it runs); a failed check says why.
 * Nothing for the document's own text: its findings are the Problems panel's.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { coreErrorText } from '../core/core-errors';
import type { EditorLintState } from './editor-lint';
import { LINT_MAX_CHARS } from './useLint';

/** Minutes and seconds, as a clock shows them (`2:05`). */
function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export default function EditorLintNote({
  state,
  onCheck,
  onCancel,
}: {
  state: EditorLintState;
  onCheck: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [now, setNow] = useState(() => Date.now());
  const running = state.kind === 'large' && state.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  switch (state.kind) {
    case 'changed':
    case 'checking':
      return (
        <li className="gen-muted" role="status" data-testid="diagnostics-checking">
          {t`Checking the changed text…`}
        </li>
      );
    case 'checked':
      return (
        <li className="gen-editor-lint-note" data-testid="diagnostics-own-text">
          {state.answer.findings.length === 0
            ? t`The text in the editor is not the loaded document; Spectral's rules find no problems in it.`
            : t`Problems of the text in the editor, which is not the loaded document (Load YAML makes it the document):`}
        </li>
      );
    case 'failed': {
      const reason = coreErrorText(state.error);
      return (
        <li className="gen-checks-note" role="status" data-testid="diagnostics-failed">
          {t`The text in the editor could not be checked: ${reason}`}
        </li>
      );
    }
    case 'large': {
      const size = (state.chars / 1_000_000).toFixed(1);
      const minutes = Math.max(1, Math.ceil(state.estimateMs / 60_000));
      const about = plural(minutes, { one: 'about # minute', other: 'about # minutes' });
      const spent = clock(now - (state.startedAt ?? now));
      const limit = LINT_MAX_CHARS / 1_000_000;
      return (
        <li className="gen-checks-note" data-testid="diagnostics-large" data-status={state.status}>
          {state.status === 'running' ? (
            <>
              <span role="status">{t`Checking the text in the editor… ${spent} of ${about}.`}</span>{' '}
              <button
                type="button"
                className="gen-button gen-button-small"
                onClick={onCancel}
                data-testid="diagnostics-large-cancel"
              >
                <Trans>Cancel</Trans>
              </button>
            </>
          ) : (
            <>
              {t`This text is ${size} MB: it is not checked by itself above ${limit} MB, so no problems are shown for it.`}{' '}
              <button
                type="button"
                className="gen-button gen-button-small"
                onClick={onCheck}
                data-testid="diagnostics-large-check"
              >
                {t`Check it (${about})`}
              </button>
            </>
          )}
        </li>
      );
    }
    default:
      return null;
  }
}
