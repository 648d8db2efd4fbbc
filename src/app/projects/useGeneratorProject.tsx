import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { RevisionReason } from '../../shared/projects';
import { createProjectFromBody } from '../api/projects';
import { ConflictDialog } from './ConflictDialog';
import { copyText, downloadDocument } from './files';
import { moveInOnce } from './move-in';
import { NameProjectDialog } from './NameProjectDialog';
import {
  useProjectSync,
  type ProjectContent,
  type ProjectKeeper,
  type SyncState,
  type UploadBody,
} from './project-sync';
import { forgetProject, rememberProject } from './last-project';
import { ProjectStatus } from './ProjectStatus';
import './projects.css';

export interface GeneratorProjectOptions {
  /** The editor (and the restored form) can take content now. */
  ready: boolean;
  /** A project's record, kept by the document's core (useWorkspace). */
  keeper: (projectId: string) => ProjectKeeper;
  /** The body "Save as a project" creates a project named `name` from (the record stored now). */
  newProjectBody: (name: string) => Promise<UploadBody | undefined>;
  /** The document's title, offered as a new project's name. */
  title: () => string | undefined;
  /** The text Copy and Download take: what the output editor shows. */
  getOutput: () => string | undefined;
  /** Shows a project's document and view state (the form is built from them). */
  show: (content: ProjectContent) => void | Promise<void>;
}

/**
 * The generator's project: `?project=<id>` is opened and autosaved; the bar shows its
 * name and save state, Download and Copy; a conflict opens the dialog. Without a project the bar
 * offers "Save as a project" (and moves the browser's saved form in once).
 */
export function useGeneratorProject({
  ready,
  keeper,
  newProjectBody,
  title,
  getOutput,
  show,
}: GeneratorProjectOptions): {
  /** The open project's id, if any. */
  projectId: string | undefined;
  changed: () => void;
  /**
   * The next save starts a new version in the project's history: call it before
   * the change of a Load (`load`), an Apply (`apply`), a conversion or an upgrade.
   */
  startRevision: (reason: RevisionReason) => void;
  /**
   * Saves `content` now as a version of its own, before the screen changes (the
   * Swagger 2.0 text before its conversion); false when no project is open or it cannot be
   * saved now.
   */
  saveVersion: (content: ProjectContent, reason: RevisionReason) => Promise<boolean>;
  element: ReactNode;
} {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const projectId = params.get('project') ?? undefined;
  /** The conflict state the user closed the dialog on (a newer conflict shows it again). */
  const [dismissed, setDismissed] = useState<SyncState | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  /** "Save as a project" asks for a name first: the one offered, while the dialog is open. */
  const [askName, setAskName] = useState<string | undefined>(undefined);

  const projectKeeper = useMemo(
    () => (projectId === undefined ? undefined : keeper(projectId)),
    // One keeper per project (the workspace's is the same for the page's life).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [projectId],
  );
  const handle = useProjectSync(projectKeeper === undefined ? undefined : projectId, {
    ready,
    keeper: projectKeeper ?? NO_KEEPER,
    apply: async (content) => {
      await show(content);
    },
  });
  const { state, sync } = handle;

  const dialog = state.status === 'conflict' && dismissed !== state;

  // /generator reopens this project after a browser restart (not a missing one).
  useEffect(() => {
    if (projectId === undefined) return;
    if (state.status === 'missing') forgetProject(projectId);
    else rememberProject(projectId);
  }, [projectId, state.status]);

  // Moving in: the form saved by the version before projects becomes one, once.
  const movedName = t`My endpoints`;
  useEffect(() => {
    if (projectId || !ready) return;
    let alive = true;
    void moveInOnce(movedName).then((id) => {
      if (alive && id) navigate(`/generator?project=${id}`, { replace: true });
    });
    return () => {
      alive = false;
    };
  }, [projectId, ready, movedName, navigate]);

  const flash = (text: string) => {
    setNotice(text);
    setTimeout(() => setNotice(undefined), 4000);
  };

  const onDownload = (format: 'yaml' | 'json') => {
    const output = getOutput();
    if (output === undefined) return;
    downloadDocument(state.name || 'openapi', output, format).catch(() =>
      flash(t`The document could not be converted to JSON: check it for errors first.`),
    );
  };
  const onCopy = () => {
    const output = getOutput();
    if (output === undefined) return;
    void copyText(output).then((ok) =>
      flash(ok ? t`Copied to the clipboard.` : t`The browser did not allow copying.`),
    );
  };

  const onSaveAsProject = async (name: string) => {
    setCreating(true);
    const body = await newProjectBody(name).catch(() => undefined);
    if (body === undefined) {
      setCreating(false);
      flash(t`The project could not be created. Check your subscription and the connection.`);
      return;
    }
    // The project gets its own form, built from this document (workspace.ts): the browser's
    // own workspace stays as it is.
    createProjectFromBody(body).then(
      (created) => {
        setCreating(false);
        setAskName(undefined);
        navigate(`/generator?project=${created.id}`, { replace: true });
      },
      () => {
        setCreating(false);
        flash(t`The project could not be created. Check your subscription and the connection.`);
      },
    );
  };

  const element = (
    <div className="proj-bar">
      {projectId ? (
        <ProjectStatus
          state={state}
          onRetry={handle.retry}
          onResolve={() => setDismissed(undefined)}
        />
      ) : (
        <div className="proj-status" data-testid="project-status">
          <span className="proj-status-state gen-muted">
            <Trans>Not in a project: kept in this browser only.</Trans>
          </span>
          <button
            type="button"
            className="gen-button proj-status-action"
            disabled={!ready || creating}
            onClick={() => setAskName(title()?.trim() || t`Untitled project`)}
            data-testid="save-as-project"
          >
            <Trans>Save as a project</Trans>
          </button>
        </div>
      )}
      <div className="proj-bar-files" role="group" aria-label={t`Document file`}>
        <button type="button" className="gen-button" disabled={!ready} onClick={onCopy}>
          <Trans>Copy</Trans>
        </button>
        <button
          type="button"
          className="gen-button"
          disabled={!ready}
          onClick={() => onDownload('yaml')}
        >
          <Trans>Download .yaml</Trans>
        </button>
        <button
          type="button"
          className="gen-button"
          disabled={!ready}
          onClick={() => onDownload('json')}
        >
          <Trans>Download .json</Trans>
        </button>
      </div>
      {notice ? (
        <p className="proj-bar-notice" role="status">
          {notice}
        </p>
      ) : null}
      {askName !== undefined ? (
        <NameProjectDialog
          initialName={askName}
          busy={creating}
          onSave={(name) => void onSaveAsProject(name)}
          onCancel={() => setAskName(undefined)}
        />
      ) : null}
      {dialog && sync ? (
        <ConflictDialog
          projectName={state.name}
          serverRevision={state.serverRevision}
          onClose={() => setDismissed(state)}
          onReload={async () => {
            await sync.reloadNewer();
          }}
          onKeepCopy={async () => {
            const id = await sync.keepMineAsCopy(t`${state.name} (my copy)`);
            navigate(`/generator?project=${id}`);
          }}
        />
      ) : null}
    </div>
  );
  return {
    projectId,
    changed: handle.changed,
    startRevision: (reason) => sync?.startRevision(reason),
    saveVersion: (content, reason) => sync?.saveVersion(content, reason) ?? Promise.resolve(false),
    element,
  };
}

/** No project open: the sync does not start, and keeps nothing. */
const NO_KEEPER: ProjectKeeper = {
  target: () => undefined,
  record: () => Promise.resolve(undefined),
  body: () => Promise.resolve(undefined),
  sent: () => Promise.resolve(),
  subscribe: () => () => undefined,
  release: () => undefined,
};
