import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { Project, ProjectRevision, ProjectRevisionSummary } from '../../shared/projects';
import { callErrorMessage } from '../api/errors';
import { ErrorWithRetry } from '../components/ErrorWithRetry';
import { getProject, getRevision, listRevisions, saveProject } from '../api/projects';
import { Modal } from '../generator/Modal';
import { diffLines, type DiffLine } from './line-diff';

export interface HistoryDialogProps {
  projectId: string;
  projectName: string;
  readOnly: boolean;
  onClose: () => void;
  onRestored: () => void;
}

/**
 * The last 50 revisions of a project (issue 12 point 4): each can be compared with the current
 * one (a line diff) and restored, which is a normal save on top of the current revision.
 */
export function HistoryDialog({
  projectId,
  projectName,
  readOnly,
  onClose,
  onRestored,
}: HistoryDialogProps) {
  const { t, i18n } = useLingui();
  const [revisions, setRevisions] = useState<ProjectRevisionSummary[] | undefined>(undefined);
  const [current, setCurrent] = useState<Project | undefined>(undefined);
  const [selected, setSelected] = useState<ProjectRevision | undefined>(undefined);
  const [diff, setDiff] = useState<DiffLine[] | undefined | 'too-large'>(undefined);
  /** A failed call and how to make it again. */
  const [failure, setFailure] = useState<{ message: string; retry: () => void } | undefined>(
    undefined,
  );
  /** Bumped by Retry after the history itself failed to load. */
  const [attempt, setAttempt] = useState(0);
  const failed = async (error: unknown, retry: () => void) =>
    setFailure({ message: await callErrorMessage(i18n, 'History', error), retry });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    Promise.all([listRevisions(projectId), getProject(projectId)]).then(
      ([list, project]) => {
        if (!alive) return;
        setRevisions(list);
        setCurrent(project);
      },
      async (error: unknown) => {
        if (!alive) return;
        const message = await callErrorMessage(i18n, 'History', error);
        if (alive) setFailure({ message, retry: () => setAttempt((n) => n + 1) });
      },
    );
    return () => {
      alive = false;
    };
  }, [projectId, i18n, attempt]);

  const view = (revision: number) => {
    setFailure(undefined);
    getRevision(projectId, revision).then(
      (found) => {
        setSelected(found);
        setDiff(current ? (diffLines(current.content, found.content) ?? 'too-large') : undefined);
      },
      (error: unknown) => failed(error, () => view(revision)),
    );
  };

  const restore = () => {
    if (!selected || !current) return;
    setBusy(true);
    setFailure(undefined);
    saveProject(projectId, current.revision, {
      content: selected.content,
      viewStateJson: selected.viewState == null ? null : JSON.stringify(selected.viewState),
    }).then(
      () => {
        setBusy(false);
        onRestored();
      },
      async (error: unknown) => {
        setBusy(false);
        await failed(error, restore);
      },
    );
  };

  return (
    <Modal
      title={t`History of ${projectName}`}
      onClose={onClose}
      testId="history-dialog"
      className="proj-history"
      footer={
        <>
          <button type="button" className="gen-button" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
          {selected && !readOnly ? (
            <button
              type="button"
              className="gen-button gen-button-primary"
              disabled={busy || selected.revision === current?.revision}
              onClick={restore}
            >
              <Trans>Restore revision {selected.revision}</Trans>
            </button>
          ) : null}
        </>
      }
    >
      {failure ? (
        <ErrorWithRetry
          message={failure.message}
          messageClassName="proj-error"
          onRetry={() => {
            setFailure(undefined);
            failure.retry();
          }}
          retrying={busy}
        />
      ) : null}
      {revisions === undefined && !failure ? (
        <p className="muted" role="status">
          <Trans>Loading the history…</Trans>
        </p>
      ) : null}
      {revisions ? (
        <ul className="proj-history-list">
          {revisions.map((r) => (
            <li key={r.revision}>
              <button
                type="button"
                className="gen-button"
                aria-pressed={selected?.revision === r.revision}
                onClick={() => view(r.revision)}
              >
                <Trans>Revision {r.revision}</Trans>
              </button>{' '}
              <span className="muted">
                {i18n.date(new Date(r.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}
              </span>
              {r.revision === current?.revision ? (
                <span className="muted">
                  {' '}
                  <Trans>(current)</Trans>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {selected && diff === 'too-large' ? (
        <p className="muted">
          <Trans>These versions are too large to compare here.</Trans>
        </p>
      ) : null}
      {selected && Array.isArray(diff) ? (
        <pre
          className="proj-diff"
          aria-label={t`Changes from the current version to revision ${selected.revision}`}
        >
          {diff.length === 0 ? (
            <Trans>No differences.</Trans>
          ) : (
            diff.map((line, i) => (
              <span key={i} className={`proj-diff-${line.kind}`}>
                {line.kind === 'add' ? '+ ' : line.kind === 'remove' ? '- ' : '  '}
                {line.text}
                {'\n'}
              </span>
            ))
          )}
        </pre>
      ) : null}
    </Modal>
  );
}
