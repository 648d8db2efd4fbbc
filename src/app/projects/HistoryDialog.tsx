import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import {
  REVISION_NAME_MAX,
  type Project,
  type ProjectLimits,
  type ProjectRevision,
  type ProjectRevisionSummary,
  type RevisionReason,
} from '../../shared/projects';
import { callErrorMessage } from '../api/errors';
import { ErrorWithRetry } from '../components/ErrorWithRetry';
import {
  getProject,
  getRevision,
  listRevisions,
  nameRevision,
  projectLimits,
  saveProject,
} from '../api/projects';
import { Modal } from '../components/Modal';
import { diffLines, type DiffLine } from './line-diff';
import { useSize } from './useSize';

/** What started a version, as the list says it. */
const REASONS: Record<RevisionReason, MessageDescriptor> = {
  autosave: msg`Edited`,
  load: msg`Document loaded`,
  apply: msg`Changes applied`,
  restore: msg`Restored from history`,
  conflict: msg`Conflict settled`,
  convert: msg`Converted`,
  upgrade: msg`Upgraded`,
  create: msg`Created`,
};

export interface HistoryDialogProps {
  projectId: string;
  projectName: string;
  readOnly: boolean;
  onClose: () => void;
  onRestored: () => void;
}

/**
 * A project's history: its versions — a stretch of editing, a Load, an
 * Apply, a restore — each with what started it, can be compared with the current one (a line
 * diff), named (named versions are kept for good) and restored, which is a save on top of the
 * current revision that starts a version of its own. States how long versions are kept and the
 * account's storage quota.
 */
export function HistoryDialog({
  projectId,
  projectName,
  readOnly,
  onClose,
  onRestored,
}: HistoryDialogProps) {
  const { t, i18n } = useLingui();
  const size = useSize();
  const [limits, setLimits] = useState<ProjectLimits | undefined>(undefined);
  /** The name being typed for the selected version (undefined: not naming). */
  const [naming, setNaming] = useState<string | undefined>(undefined);
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
    projectLimits().then(
      (found) => alive && setLimits(found),
      () => undefined,
    );
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
    setNaming(undefined);
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
      revisionReason: 'restore',
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

  /** Names the selected version (an empty name removes it). */
  const saveName = (event?: FormEvent) => {
    event?.preventDefault();
    if (!selected || naming === undefined) return;
    const name = naming.trim() === '' ? null : naming.trim();
    setBusy(true);
    setFailure(undefined);
    nameRevision(projectId, selected.revision, name).then(
      () => {
        setBusy(false);
        setNaming(undefined);
        setSelected({ ...selected, name });
        setRevisions((list) =>
          list?.map((r) => (r.revision === selected.revision ? { ...r, name } : r)),
        );
      },
      async (error: unknown) => {
        setBusy(false);
        await failed(error, () => saveName());
      },
    );
  };

  const when = (iso: string) =>
    i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

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
          {selected && !readOnly && naming === undefined ? (
            <button
              type="button"
              className="gen-button"
              disabled={busy}
              onClick={() => setNaming(selected.name ?? '')}
              data-testid="history-name"
            >
              {selected.name ? (
                <Trans>Rename this version</Trans>
              ) : (
                <Trans>Name this version</Trans>
              )}
            </button>
          ) : null}
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
      {limits ? (
        <p className="muted proj-history-quota" data-testid="history-quota">
          <Trans>
            Versions of the last {limits.historyDays} days are kept, named versions for good. Your
            projects and their history use {size(limits.usedBytes)} of {size(limits.quotaBytes)};
            when that is full, the oldest unnamed versions go first.
          </Trans>
        </p>
      ) : null}
      {selected && naming !== undefined ? (
        <form className="proj-history-naming" onSubmit={saveName}>
          <input
            className="input"
            aria-label={t`Name of revision ${selected.revision}`}
            value={naming}
            maxLength={REVISION_NAME_MAX}
            autoFocus
            onChange={(event) => setNaming(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                setNaming(undefined);
              }
            }}
            data-testid="history-name-input"
          />
          <button type="submit" className="gen-button gen-button-primary" disabled={busy}>
            <Trans>Save name</Trans>
          </button>
          <button type="button" className="gen-button" onClick={() => setNaming(undefined)}>
            <Trans>Cancel</Trans>
          </button>
        </form>
      ) : null}
      {revisions === undefined && !failure ? (
        <p className="muted" role="status">
          <Trans>Loading the history…</Trans>
        </p>
      ) : null}
      {revisions ? (
        <ul className="proj-history-list">
          {revisions.map((r) => (
            <li key={r.revision} data-testid="history-version">
              <button
                type="button"
                className="gen-button"
                aria-pressed={selected?.revision === r.revision}
                onClick={() => view(r.revision)}
              >
                <Trans>Revision {r.revision}</Trans>
              </button>{' '}
              {r.name ? <strong className="proj-history-name">{r.name}</strong> : null}{' '}
              <span>{i18n._(REASONS[r.reason] ?? REASONS.autosave)}</span>{' '}
              <span className="muted">
                {r.savedAt !== r.createdAt && when(r.savedAt) !== when(r.createdAt) ? (
                  <Trans>
                    {when(r.createdAt)} – {when(r.savedAt)}
                  </Trans>
                ) : (
                  when(r.createdAt)
                )}
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
