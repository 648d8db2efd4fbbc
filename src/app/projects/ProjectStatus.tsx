import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { SyncState } from './project-sync';

export interface ProjectStatusProps {
  state: SyncState;
  onRetry: () => void;
  onResolve: () => void;
}

/** The open project's name and its save state: Saved, Saving…, Offline, Error (with Retry). */
export function ProjectStatus({ state, onRetry, onResolve }: ProjectStatusProps) {
  const { t } = useLingui();
  const { status } = state;
  const label =
    status === 'loading'
      ? t`Opening…`
      : status === 'saved'
        ? t`Saved`
        : status === 'saving'
          ? t`Saving…`
          : status === 'offline'
            ? t`Offline (changes kept on this device)`
            : status === 'conflict'
              ? t`Changed elsewhere: not saved`
              : status === 'readonly'
                ? t`Read-only: your subscription is not active`
                : status === 'missing'
                  ? t`This project does not exist (any more)`
                  : t`Not saved: error`;
  return (
    <div className={`proj-status proj-status-${status}`} data-testid="project-status">
      <span className="proj-status-name">
        <Link to="/projects" title={t`All projects`}>
          {state.name || t`Project`}
        </Link>
      </span>
      <span className="proj-status-state" role="status" aria-live="polite" data-status={status}>
        <span className="proj-status-dot" aria-hidden="true" />
        {label}
      </span>
      {status === 'error' && state.message ? (
        <span className="proj-status-message">{state.message}</span>
      ) : null}
      {status === 'error' || status === 'offline' ? (
        <button type="button" className="gen-button proj-status-action" onClick={onRetry}>
          <Trans>Retry</Trans>
        </button>
      ) : null}
      {status === 'conflict' ? (
        <button type="button" className="gen-button proj-status-action" onClick={onResolve}>
          <Trans>Resolve…</Trans>
        </button>
      ) : null}
      {/* Leaving the project for the browser's own draft (remembered as the choice). */}
      <Link
        to="/generator?draft=local"
        className="proj-status-local"
        title={t`Open the draft kept in this browser only, not in a project`}
        data-testid="open-local-draft"
      >
        <Trans>Local draft</Trans>
      </Link>
    </div>
  );
}
