import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ProjectLimits, ProjectSummary } from '../../shared/projects';
import { type CustomerFailure, isSubscriptionActive, useCustomer } from '../api/customer';
import { callErrorMessage, failureReason, type RequestFailure } from '../api/errors';
import { ErrorWithRetry } from '../components/ErrorWithRetry';
import {
  createProject,
  deleteProject,
  duplicateProject,
  getProject,
  listProjects,
  projectLimits,
  renameProject,
} from '../api/projects';
import { ConfirmDialog } from '../components/ConfirmDialog';
import '../components/controls.css';
import { MAX_DOCUMENT_BYTES } from '../../shared/openapi/limits';
import { downloadDocument, OPENABLE, OpenFileFailure, readDocumentFile } from './files';
import { HistoryDialog } from './HistoryDialog';
import { moveInOnce } from './move-in';
import { useSize } from './useSize';
import './projects.css';

const MIB = 1024 * 1024;

/** Whether trying the account lookup again may help: the network, a timeout, 5xx, 408, 429. */
function retryable(failure: RequestFailure | undefined): boolean {
  if (!failure) return true;
  if (failure.kind !== 'http') return failure.kind !== 'aborted';
  return failure.status >= 500 || failure.status === 408 || failure.status === 429;
}

/** First wait before the account lookup is tried again; doubled each time, up to a minute. */
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60_000;

/**
 * Calls `retry` after a wait each time the check is `failing`: 2 s, 4 s, 8 s… up
 * to a minute; the waits start over once it is `ok`.
 */
function useRetryCheck(check: 'failing' | 'ok' | 'other', retry: () => void): void {
  const tries = useRef(0);
  useEffect(() => {
    if (check === 'ok') tries.current = 0;
    if (check !== 'failing') return;
    const wait = Math.min(RETRY_FIRST_MS * 2 ** tries.current, RETRY_MAX_MS);
    tries.current += 1;
    const timer = setTimeout(retry, wait);
    return () => clearTimeout(timer);
  }, [check, retry]);
}

/** A failure whose message is already the translated text to show (not a failed call). */
class UserFacingError extends Error {}

type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; projects: ProjectSummary[] };

/**
 * The signed-in user's projects: name, endpoint count, size and last change, with
 * New, Open, Rename, Duplicate, Download and Delete (asks first); opening a file by button or by
 * dropping it on the page. Without an active subscription the list is read-only (open and
 * download still work).
 */
export default function ProjectsPage() {
  const { t, i18n } = useLingui();
  const size = useSize();
  const navigate = useNavigate();
  const customer = useCustomer();
  /**
   * The account lookup failed (the database is down, 503): the subscription is
   * unknown, not inactive. Kept while a retry of it runs, so the page does not flicker.
   */
  const checkFailed: CustomerFailure | undefined =
    customer.status === 'error'
      ? customer
      : customer.status === 'loading'
        ? customer.retryOf
        : undefined;
  // Without a known active subscription nothing is created or changed (a failed check counts as
  // inactive, spec §4); a profile cached from an earlier visit stands in meanwhile.
  const readOnly =
    (customer.status === 'loaded' || checkFailed !== undefined) &&
    !isSubscriptionActive(customer.profile);
  const checkReason = checkFailed ? failureReason(i18n, checkFailed.failure) : '';
  useRetryCheck(
    customer.status === 'loaded'
      ? 'ok'
      : customer.status === 'error' && retryable(customer.failure)
        ? 'failing'
        : 'other',
    customer.reload,
  );
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [limits, setLimits] = useState<ProjectLimits | undefined>(undefined);
  /** The last change's failure; `retry` runs that change again (none for a refused file). */
  const [failure, setFailure] = useState<{ message: string; retry?: () => void } | undefined>(
    undefined,
  );
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | undefined>(undefined);
  const [deleting, setDeleting] = useState<ProjectSummary | undefined>(undefined);
  const [history, setHistory] = useState<ProjectSummary | undefined>(undefined);
  const [dropping, setDropping] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const reload = useCallback(() => {
    // The storage used changes with every change: stated again with the list.
    projectLimits().then(setLimits, () => undefined);
    listProjects().then(
      (projects) => setList({ status: 'loaded', projects }),
      async (error: unknown) =>
        setList({ status: 'error', message: await callErrorMessage(i18n, 'Projects', error) }),
    );
  }, [i18n]);

  const movedName = t`My endpoints`;
  useEffect(() => {
    // Moving in: the form this browser saved before projects existed becomes one, once.
    void moveInOnce(movedName).finally(reload);
  }, [reload, movedName]);

  /** Runs a change; its failure is shown with the server's message, the list reloads after. */
  const act = async (job: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setFailure(undefined);
    try {
      await job();
    } catch (error) {
      setFailure(
        error instanceof UserFacingError
          ? { message: error.message }
          : {
              message: await callErrorMessage(i18n, 'Projects', error),
              retry: () => void act(job),
            },
      );
    } finally {
      setBusy(false);
      reload();
    }
  };

  const onNew = () =>
    act(async () => {
      const created = await createProject({ name: t`Untitled project`, content: '' });
      navigate(`/generator?project=${created.id}`);
    });

  const openFile = (file: File | undefined) => {
    if (!file) return;
    void act(async () => {
      let read: { name: string; text: string };
      try {
        read = await readDocumentFile(file);
      } catch (error) {
        const reason = error instanceof OpenFileFailure ? error.reason : 'read';
        const size = i18n.number((error instanceof OpenFileFailure ? (error.size ?? 0) : 0) / MIB, {
          maximumFractionDigits: 1,
        });
        const limit = i18n.number(MAX_DOCUMENT_BYTES / MIB, { maximumFractionDigits: 1 });
        throw new UserFacingError(
          reason === 'type'
            ? t`Only .yaml, .yml and .json files can be opened.`
            : reason === 'size'
              ? t`The file is too large to open: it is ${size} MB; the limit is ${limit} MB.`
              : t`The file could not be read.`,
        );
      }
      const created = await createProject({ name: read.name, content: read.text });
      navigate(`/generator?project=${created.id}`);
    });
  };

  const onDownload = (project: ProjectSummary, format: 'yaml' | 'json') =>
    act(async () => {
      const full = await getProject(project.id);
      try {
        await downloadDocument(full.name, full.content, format);
      } catch {
        throw new UserFacingError(
          t`The document could not be converted to JSON: check it for errors first.`,
        );
      }
    });

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    const target = renaming;
    if (!target || !target.name.trim()) return;
    setRenaming(undefined);
    void act(() => renameProject(target.id, target.name.trim()));
  };

  const dragProps = readOnly
    ? {}
    : {
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDropping(true);
        },
        onDragLeave: (event: DragEvent) => {
          if (event.currentTarget === event.target) setDropping(false);
        },
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setDropping(false);
          openFile(event.dataTransfer.files[0]);
        },
      };

  const projects = list.status === 'loaded' ? list.projects : [];
  const full = limits !== undefined && projects.length >= limits.maxProjects;

  return (
    <div
      className={`page proj-page${dropping ? ' proj-dropping' : ''}`}
      data-testid="projects-page"
      {...dragProps}
    >
      <div className="proj-head">
        <h1>
          <Trans>Projects</Trans>
        </h1>
        <div className="proj-actions">
          <button
            type="button"
            className="gen-button gen-button-primary"
            disabled={readOnly || busy || full}
            onClick={() => void onNew()}
            data-testid="project-new"
          >
            <Trans>New project</Trans>
          </button>
          <button
            type="button"
            className="gen-button"
            disabled={readOnly || busy || full}
            onClick={() => fileInput.current?.click()}
          >
            <Trans>Open a file…</Trans>
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={OPENABLE}
            hidden
            aria-hidden="true"
            tabIndex={-1}
            data-testid="project-file"
            onChange={(event) => {
              openFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
      </div>
      {limits ? (
        <p className="proj-limits muted" data-testid="project-limits">
          <Trans>
            Up to {limits.maxProjects} projects of at most {size(limits.maxProjectBytes)} each.
            Versions of the last {limits.historyDays} days are kept. Open a .yaml, .yml or .json
            file, or drop it on this page.
          </Trans>
        </p>
      ) : null}
      {limits ? (
        <div className="proj-usage" data-testid="project-usage">
          <span>
            <Trans>
              Using {size(limits.usedBytes)} of {size(limits.quotaBytes)} for projects and their
              history.
            </Trans>
          </span>
          <meter
            min={0}
            max={limits.quotaBytes}
            value={Math.min(limits.usedBytes, limits.quotaBytes)}
            high={limits.quotaBytes * 0.9}
            aria-label={t`Storage used`}
          />
        </div>
      ) : null}
      {checkFailed ? (
        <ErrorWithRetry
          testId="project-check-failed"
          messageClassName="proj-error"
          message={
            <Trans>
              Your subscription could not be checked: {checkReason}. Until it can be, projects can
              be opened and downloaded but not created or changed; the page checks again by itself.
            </Trans>
          }
          onRetry={customer.reload}
          retrying={customer.status === 'loading'}
        />
      ) : readOnly ? (
        <p className="proj-notice" role="status" data-testid="project-readonly">
          <Trans>
            Your subscription is not active, so projects are read-only: you can open and download
            them, but not create or change them.
          </Trans>{' '}
          <Link to="/renew-subscription">
            <Trans>Renew subscription</Trans>
          </Link>
        </p>
      ) : null}
      {full && !readOnly ? (
        <p className="proj-notice" role="status">
          <Trans>You have reached the limit of projects. Delete one to make room.</Trans>
        </p>
      ) : null}
      {failure?.retry ? (
        <ErrorWithRetry
          message={failure.message}
          messageClassName="proj-error"
          onRetry={failure.retry}
          retrying={busy}
        />
      ) : failure ? (
        <p className="proj-error" role="alert">
          {failure.message}
        </p>
      ) : null}

      {list.status === 'loading' ? (
        <p className="muted" role="status">
          <Trans>Loading projects…</Trans>
        </p>
      ) : list.status === 'error' ? (
        <div className="proj-error" role="alert">
          <Trans>Could not load the projects: {list.message}</Trans>{' '}
          <button type="button" className="gen-button" onClick={reload}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : projects.length === 0 ? (
        <div className="proj-empty" data-testid="projects-empty">
          <p>
            <Trans>No projects yet. Create one, or open an OpenAPI file.</Trans>
          </p>
        </div>
      ) : (
        <table className="proj-table" data-testid="projects-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col" className="proj-num">
                <Trans>Endpoints</Trans>
              </th>
              <th scope="col" className="proj-num">
                <Trans>Size</Trans>
              </th>
              <th scope="col">
                <Trans>Last change</Trans>
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {projects.map((project) => (
              <tr key={project.id} data-testid="project-row">
                <td className="proj-name">
                  {renaming?.id === project.id ? (
                    <form className="proj-rename" onSubmit={onRename}>
                      <input
                        className="input"
                        aria-label={t`New name`}
                        value={renaming.name}
                        maxLength={200}
                        autoFocus
                        onChange={(event) =>
                          setRenaming({ id: project.id, name: event.target.value })
                        }
                        onKeyDown={(event) => {
                          if (event.key === 'Escape') setRenaming(undefined);
                        }}
                      />
                      <button type="submit" className="gen-button" disabled={!renaming.name.trim()}>
                        <Trans>Save</Trans>
                      </button>
                      <button
                        type="button"
                        className="gen-button"
                        onClick={() => setRenaming(undefined)}
                      >
                        <Trans>Cancel</Trans>
                      </button>
                    </form>
                  ) : (
                    <Link to={`/generator?project=${project.id}`} title={project.name}>
                      {project.name}
                    </Link>
                  )}
                </td>
                <td className="proj-num" data-label={t`Endpoints`}>
                  {i18n.number(project.endpointCount)}
                </td>
                <td className="proj-num" data-label={t`Size`}>
                  {size(project.size)}
                </td>
                <td className="proj-when" data-label={t`Last change`}>
                  <time dateTime={project.updatedAt}>
                    {i18n.date(new Date(project.updatedAt), {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </time>
                </td>
                <td className="proj-actions-cell">
                  <div className="proj-row-actions">
                    <Link
                      className="gen-button"
                      to={`/generator?project=${project.id}`}
                      aria-label={t`Open ${project.name}`}
                    >
                      <Trans>Open</Trans>
                    </Link>
                    <button
                      type="button"
                      className="gen-button"
                      disabled={readOnly || busy}
                      onClick={() => setRenaming({ id: project.id, name: project.name })}
                      aria-label={t`Rename ${project.name}`}
                    >
                      <Trans>Rename</Trans>
                    </button>
                    <button
                      type="button"
                      className="gen-button"
                      disabled={readOnly || busy || full}
                      onClick={() => void act(() => duplicateProject(project.id))}
                      aria-label={t`Duplicate ${project.name}`}
                    >
                      <Trans>Duplicate</Trans>
                    </button>
                    <button
                      type="button"
                      className="gen-button"
                      onClick={() => setHistory(project)}
                      aria-label={t`History of ${project.name}`}
                    >
                      <Trans>History</Trans>
                    </button>
                    <button
                      type="button"
                      className="gen-button"
                      disabled={busy}
                      onClick={() => void onDownload(project, 'yaml')}
                      aria-label={t`Download ${project.name} as YAML`}
                    >
                      .yaml
                    </button>
                    <button
                      type="button"
                      className="gen-button"
                      disabled={busy}
                      onClick={() => void onDownload(project, 'json')}
                      aria-label={t`Download ${project.name} as JSON`}
                    >
                      .json
                    </button>
                    <button
                      type="button"
                      className="gen-button gen-button-danger"
                      disabled={busy}
                      onClick={() => setDeleting(project)}
                      aria-label={t`Delete ${project.name}`}
                    >
                      <Trans>Delete</Trans>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.status === 'loaded' && projects.length > 0 ? (
        <p className="muted proj-limits">
          {plural(projects.length, { one: '# project', other: '# projects' })}
        </p>
      ) : null}

      {history ? (
        <HistoryDialog
          projectId={history.id}
          projectName={history.name}
          readOnly={readOnly}
          onClose={() => setHistory(undefined)}
          onRestored={() => {
            setHistory(undefined);
            reload();
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t`Delete the project?`}
          confirmLabel={t`Delete`}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() => {
            const target = deleting;
            setDeleting(undefined);
            void act(() => deleteProject(target.id));
          }}
        >
          <p>
            <Trans>
              Delete <strong data-testid="confirm-project">{deleting.name}</strong> and all its
              versions? This cannot be undone.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
