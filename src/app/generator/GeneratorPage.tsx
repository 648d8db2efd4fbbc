/**
 * The generator screen (spec §2 "Generator screen", §4 "Generator", §5 "Generator"): endpoint
 * panels on the left, the Monaco output editor on the right. This module renders: the actions
 * belong to the editor object (src/app/document-editor), jobs to the job runner (src/app/jobs),
 * the record and its restore to the workspace (src/app/workspace), and everything that computes
 * goes through the worker bridge (src/app/core).
 */
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../api/errors';
import { ErrorWithRetry } from '../components/ErrorWithRetry';
import { coreErrorText } from '../core/core-errors';
import { generatorClient, isAbortError } from '../core/generator-client';
import { DocumentEditor, describeFailure } from '../document-editor/document-editor';
import { loadMonacoInSteps } from '../editor/monaco-load';
import { yieldToBrowser } from '../util/slices';
import { JobRunner } from '../jobs/job-runner';
import { generatorRedirect } from '../projects/last-project';
import { useGeneratorProject } from '../projects/useGeneratorProject';
import { projectWorkspace } from '../workspace/workspace-store';
import { useWorkspace } from '../workspace/useWorkspace';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DocumentPanel } from './document/DocumentPanel';
import { DocumentContext, type DocumentLinks } from '../model/document-store';
import { OutputTabs } from './document/OutputTabs';
import { createEndpoint } from '../model/endpoint-ops';
import { EndpointList } from './EndpointList';
import { useOrder, useReport } from '../model/endpoint-store';
import { useGeneratorSplit } from './GeneratorSplit';
import { ImportTrafficButton } from './ImportTrafficDialog';
import { useJsonPaste } from './json-paste';
import { JsonPasteDialog } from './JsonPasteDialog';
import { Navigator } from './Navigator';
import type { OutputEditorHandle } from '../model/output-handle';
import {
  collectProblems,
  fieldSelector,
  formProblemOf,
  generateVerdict,
  groupLoadWarnings,
  mergeFindings,
  NO_LINE,
  type PanelFinding,
  type Problem,
} from './problems';
import {
  ProblemsPanel,
  useGenerateBlockedReason,
  useLintBlockedReason,
  useProblemsView,
} from './ProblemsPanel';
import { checkSubscription } from '../api/subscription-check';
import { downloadOriginal, SwaggerConvertDialog } from './SwaggerConvertDialog';
import { useTouchedVersion } from '../model/touched';
import { UpgradeDialog } from './UpgradeDialog';
import { useLint } from './useLint';
import { examplePlace, LintAnswerContext } from './example-findings';
import { useNarrowTabs } from './useNarrowTabs';
import { WorkspaceGate } from './WorkspaceGate';
import '../components/controls.css';
import './generator.css';

// Monaco is evaluated in steps (no 140 ms task on opening the page), then the editor's module.
const OutputEditor = lazy(async () => {
  await loadMonacoInSteps();
  const module = await import('./OutputEditor');
  // Its model in a task of its own: made by the editor, it was an eighth of the editor's task.
  await yieldToBrowser();
  module.prepareOutputModel();
  await yieldToBrowser();
  return module;
});

/** Validation debounce while typing: short, so the red labels follow the keyboard. */
export const VALIDATE_DEBOUNCE_MS = 80;

/**
 * The generator of one workspace: the browser's own or a project's. Each is its own
 * page instance over its own record (src/app/workspace), so switching workspaces never carries
 * one's form into another; a second tab on the same workspace is told (WorkspaceGate).
 */
/**
 * Scrolls the endpoint list and the form column so that `panel` starts at the column's top; the
 * window scrolls only where the column does not scroll by itself (a phone's page).
 */
function scrollPanelToTop(panel: HTMLElement): void {
  const list = panel.closest<HTMLElement>('.gen-list');
  const form = panel.closest<HTMLElement>('.gen-form');
  if (!list || !form) return;
  list.scrollTop += panel.getBoundingClientRect().top - list.getBoundingClientRect().top;
  if (form.scrollHeight > form.clientHeight && getComputedStyle(form).overflowY !== 'visible') {
    form.scrollTop += panel.getBoundingClientRect().top - form.getBoundingClientRect().top;
  } else {
    // Below the site's header where it stays on screen (sticky).
    const header = document.querySelector('header');
    const position = header ? getComputedStyle(header).position : '';
    const covered =
      header && (position === 'sticky' || position === 'fixed')
        ? header.getBoundingClientRect().bottom
        : 0;
    window.scrollBy(0, panel.getBoundingClientRect().top - covered);
  }
}

export default function GeneratorPage() {
  const [params] = useSearchParams();
  const projectId = params.get('project') ?? undefined;
  // The project last opened in this browser, unless the local draft was chosen.
  const redirect = generatorRedirect(params);
  if (redirect !== undefined) return <Navigate to={redirect} replace />;
  const name = projectId === undefined ? 'local' : projectWorkspace(projectId);
  return (
    <WorkspaceGate key={name} name={name}>
      <GeneratorWorkspace projectId={projectId} />
    </WorkspaceGate>
  );
}

function GeneratorWorkspace({ projectId: workspaceProject }: { projectId: string | undefined }) {
  const { t, i18n } = useLingui();
  const client = generatorClient();
  const workspaceName =
    workspaceProject === undefined ? 'local' : projectWorkspace(workspaceProject);
  /** Generate, Load and their kin run here (src/app/jobs). */
  const [jobs] = useState(
    () =>
      new JobRunner({
        checkSubscription,
        describe: describeFailure,
        checkFailed: (check) =>
          `${i18n._(msg`Could not check your subscription.`)} ${failureMessage(i18n, check.failure)}`,
      }),
  );
  useEffect(() => jobs.attach(), [jobs]);
  /**
   * The editor object owns the actions (src/app/document-editor); this page renders its state.
   * The browser's own workspace starts empty while its record is read (useWorkspace).
   */
  const [editorObject] = useState(
    () =>
      new DocumentEditor(
        client,
        jobs,
        workspaceProject === undefined ? [] : [createEndpoint(true)],
      ),
  );
  const { store, document: documentStore } = editorObject;
  const state = useSyncExternalStore(editorObject.subscribe, editorObject.getState);
  const job = useSyncExternalStore(jobs.subscribe, jobs.getState);
  const { busy, progress } = job;
  const order = useOrder(store);
  const report = useReport(store);
  const [problemsOpen, setProblemsOpen] = useState(false);
  const problemsBox = useRef<HTMLDivElement>(null);
  const editor = useRef<OutputEditorHandle>(null);
  const [editorReady, setEditorReady] = useState(false);
  /** This workspace's record: restored, shown, kept (src/app/workspace). */
  const workspace = useWorkspace({
    name: workspaceName,
    inProject: workspaceProject !== undefined,
    store,
    documentStore,
    client,
    editor,
    editorReady,
    keep: editorObject.keepForm,
    onShown: editorObject.shown,
    apply: editorObject.apply,
    replay: editorObject.replay,
  });
  const restoring = workspace.restoring;
  const lostTime =
    workspace.lostSince === undefined
      ? ''
      : i18n.date(new Date(workspace.lostSince), { dateStyle: 'medium', timeStyle: 'short' });
  const touchedVersion = useTouchedVersion(store.touched);
  const { warnings } = state;
  // Apart from the report's: a loaded document's thousands of warnings are sorted once, not again
  // with every answer while typing.
  const warningGroups = useMemo(
    () => groupLoadWarnings(order, (id) => store.getEndpoint(id), warnings),
    [order, store, warnings],
  );
  const problems = useMemo(
    () =>
      collectProblems(
        order,
        (id) => store.getEndpoint(id),
        report,
        warningGroups,
        store.touched.isShown,
      ),
    // touchedVersion: a field touched shows its problems.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [order, store, report, warningGroups, touchedVersion],
  );
  /** Opens a problem's endpoint, scrolls to it and focuses its field (once it is rendered). */
  const onSelectProblem = useCallback(
    (problem: Problem) => {
      const id = problem.endpointId;
      if (id === undefined) return;
      editorObject.reveal(id);
      const selector =
        problem.kind === 'rule'
          ? `[data-endpoint-id="${CSS.escape(id)}"] ${fieldSelector(problem.field)}`
          : `[data-endpoint-id="${CSS.escape(id)}"]`;
      let frames = 0;
      const focus = () => {
        const target = document.querySelector<HTMLElement>(selector);
        if (target !== null) {
          target.scrollIntoView?.({ block: 'center' });
          if (problem.kind === 'rule') target.focus();
          return;
        }
        if (++frames < 60) requestAnimationFrame(focus);
      };
      requestAnimationFrame(focus);
    },
    [editorObject],
  );
  /**
   * The navigator's Enter: the endpoint's panel at the top of the form (the form
   * column scrolls past the document section too), its first field focused.
   */
  const onOpenFromNavigator = useCallback(
    (id: string) => {
      editorObject.reveal(id);
      const selector = `[data-endpoint-id="${CSS.escape(id)}"]`;
      let frames = 0;
      const focus = () => {
        const panel = document.querySelector<HTMLElement>(selector);
        const field = panel?.querySelector<HTMLElement>(
          '.gen-panel-body :is(input, select, textarea):not([disabled])',
        );
        if (panel && field) {
          scrollPanelToTop(panel);
          field.focus({ preventScroll: true });
          // A virtual list settles its measured sizes a frame later: the panel stays on top.
          requestAnimationFrame(() => scrollPanelToTop(panel));
          return;
        }
        if (++frames < 60) requestAnimationFrame(focus);
      };
      requestAnimationFrame(focus);
    },
    [editorObject],
  );
  /** The project's ruleset and the panel's severity filter (see useProblemsView). */
  const problemsView = useProblemsView(workspaceName);
  /** The one lint of the document (Spectral in its worker): panel, YAML markers, Generate. */
  const lint = useLint(client, problemsView.ruleset);
  const lintMessage =
    lint.rulesetError !== undefined
      ? coreErrorText(lint.rulesetError)
      : lint.lintError !== undefined
        ? t`The document could not be checked: ${coreErrorText(lint.lintError)}`
        : undefined;
  /** A lint finding chosen in the panel: its endpoint in the form, else the document panel. */
  const onSelectFinding = useCallback(
    (finding: PanelFinding) => {
      // A finding of our own rules focuses its field, as the form's row of that rule did.
      const problem = formProblemOf(problems, finding);
      if (problem !== undefined) {
        onSelectProblem(problem);
        return;
      }
      const [root, path, method] = finding.path;
      const found =
        root === 'paths' && typeof path === 'string' && typeof method === 'string'
          ? store
              .list()
              .find(
                (endpoint) =>
                  endpoint.webhook !== true &&
                  endpoint.path === path &&
                  endpoint.method === method.toUpperCase(),
              )
          : undefined;
      const example = examplePlace(finding);
      if (found !== undefined && example !== undefined) {
        // A body's example that does not fit: its body's examples, where the form lists it.
        editorObject.reveal(found.id);
        const selector = `[data-endpoint-id="${CSS.escape(found.id)}"] [data-example-body="${CSS.escape(example.body)}"] summary`;
        let frames = 0;
        const focus = () => {
          const target = document.querySelector<HTMLElement>(selector);
          if (target !== null) {
            target.scrollIntoView?.({ block: 'center' });
            target.focus();
            return;
          }
          if (++frames < 60) requestAnimationFrame(focus);
        };
        requestAnimationFrame(focus);
        return;
      }
      if (found !== undefined) {
        onOpenFromNavigator(found.id);
        return;
      }
      document
        .querySelector<HTMLElement>('[data-testid="document-panel"]')
        ?.scrollIntoView?.({ block: 'start' });
    },
    [store, onOpenFromNavigator, problems, onSelectProblem, editorObject],
  );
  /** "Show in YAML": the finding's range, or (a form's problem) its operation's lines. */
  const onRevealFinding = (finding: PanelFinding) => {
    const output = editor.current;
    if (output === null) return;
    if (tabs.narrow) tabs.show('yaml');
    const { start, end } = finding.range;
    if (start.line !== NO_LINE) {
      output.revealLines(start.line + 1, Math.max(start.line, end.line) + 1);
      return;
    }
    const [root, path, method] = finding.path;
    if (root !== 'paths' || typeof path !== 'string') return;
    void output.findOperation(path, typeof method === 'string' ? method : 'get').then((range) => {
      if (range) output.revealLines(range.startLine, range.startLine);
    });
  };
  const showProblems = () => {
    setProblemsOpen(true);
    requestAnimationFrame(() => problemsBox.current?.scrollIntoView?.({ block: 'nearest' }));
  };
  const paste = useJsonPaste(client);
  const tabs = useNarrowTabs();
  const split = useGeneratorSplit(tabs.narrow);
  const project = useGeneratorProject({
    ready: editorReady && !restoring,
    keeper: workspace.keeper,
    newProjectBody: workspace.newProjectBody,
    // The document's title names the project; a form never generated is "Untitled project".
    title: () =>
      editorObject.getState().hasOutput ? documentStore.getMeta().info.title : undefined,
    getOutput: () => (editorReady && editor.current ? editor.current.getValue() : undefined),
    show: async ({ content, viewStateJson, journal }) => {
      await workspace.show(content, viewStateJson, journal);
      // An empty project takes the form on screen as its document.
      if (!content.trim()) workspace.changed();
    },
  });
  // What the editor object reaches of the page: the output editor, the project, the record.
  // Wired once; each call reads the page's latest hooks (their functions change per render).
  const host = useRef({ project, workspace, tabs });
  useEffect(() => {
    host.current = { project, workspace, tabs };
  });
  useEffect(() => {
    editorObject.connect({
      output: () => editor.current,
      startRevision: (reason) => host.current.project.startRevision(reason),
      saveVersion: (content, reason) => host.current.project.saveVersion(content, reason),
      adoptLoaded: (text, views) => host.current.workspace.adoptLoaded(text, views),
      showTab: (tab) => host.current.tabs.show(tab),
      outputShowsAnswer: () => host.current.workspace.outputShowsAnswer(),
    });
  }, [editorObject]);

  // Validate (latest request wins) on every change, once a restore is done (the workspace
  // record is kept by useWorkspace).
  useEffect(() => {
    if (restoring) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      timer = undefined;
      // The commands queued since the last answer, not the form.
      client.validateLatest().then(
        (next) => {
          if (!next) return;
          store.setReport(next);
        },
        (failure: unknown) => {
          if (!isAbortError(failure)) console.warn('validation failed', failure);
        },
      );
    };
    run();
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(run, VALIDATE_DEBOUNCE_MS);
    };
    const unsubscribe = store.subscribeChange(later);
    // The document panel too: a new `openapi` version changes what the rules allow (responses).
    let version = documentStore.getMeta().openapi;
    const unsubscribeMeta = documentStore.subscribe(() => {
      const next = documentStore.getMeta().openapi;
      if (next === version) return;
      version = next;
      later();
    });
    return () => {
      unsubscribe();
      unsubscribeMeta();
      clearTimeout(timer);
    };
  }, [store, client, restoring, documentStore]);

  const links = useMemo<DocumentLinks>(
    () => ({
      document: documentStore,
      showInYaml: editorObject.showInYaml,
      onApplyOperation: editorObject.applyOperation,
      apply: editorObject.apply,
    }),
    [documentStore, editorObject],
  );

  const { hasOutput, revealId, revealNonce, removeId, pendingLoad, keptOperations } = state;
  // The lint's errors of our own rules (spec §5) block Generate too. While the document is
  // being checked again, the last answer's verdict holds (see docs/decisions.md, session 13).
  const lintErrors = useMemo(
    () =>
      lint.answer?.findings.filter(
        (finding) => finding.source === 'specform' && finding.severity === 'error',
      ) ?? [],
    [lint.answer],
  );
  const verdict = generateVerdict(lint.answer, report);
  const canGenerate = !restoring && busy === undefined && order.length > 0 && verdict.pass;
  const canLoad = !restoring && busy === undefined && hasOutput;
  // What the panel shows as blocking: a lint error of a field not touched yet is not counted.
  const blockingCount = useMemo(
    () =>
      lint.answer === undefined
        ? problems.blocking.length
        : mergeFindings(problems, lint.answer).filter(
            (finding) => finding.source === 'specform' && finding.severity === 'error',
          ).length,
    [lint.answer, problems],
  );
  const formReason = useGenerateBlockedReason(problems);
  const lintReason = useLintBlockedReason(lintErrors, lint.pending, problems);
  const blockedReason = verdict.reasonFromReport ? formReason : lintReason;
  const generateWhy =
    canGenerate || busy !== undefined || restoring
      ? undefined
      : order.length === 0
        ? t`Add an endpoint to generate a document.`
        : blockedReason;
  const removing = removeId === undefined ? undefined : store.getEndpoint(removeId);

  return (
    <DocumentContext.Provider value={links}>
      <LintAnswerContext.Provider value={lint.answer}>
        <div className={`gen-page ${split.className}`} style={split.style} data-testid="generator">
          {project.element}
          {tabs.bar}
          <Navigator
            store={store}
            problems={problems}
            selectedId={revealId}
            onOpen={onOpenFromNavigator}
            kept={keptOperations}
            hidden={tabs.narrow && tabs.tab !== 'form'}
          />
          <div className="gen-form" {...tabs.panelProps('form')}>
            <div className="gen-toolbar">
              <button
                type="button"
                className="gen-button"
                onClick={editorObject.add}
                disabled={restoring}
              >
                <span aria-hidden="true">+ </span>
                <Trans>Add endpoint</Trans>
              </button>
              <ImportTrafficButton
                store={store}
                documentStore={documentStore}
                disabled={restoring}
                onAdded={(ids) => editorObject.reveal(ids[0])}
              />
              <button
                type="button"
                className="gen-button gen-button-primary"
                disabled={!canGenerate}
                aria-busy={busy === 'generate'}
                aria-describedby={
                  blockingCount > 0
                    ? 'gen-blocked-reason'
                    : generateWhy !== undefined
                      ? 'gen-generate-why'
                      : undefined
                }
                title={generateWhy}
                onClick={() => void editorObject.generate()}
              >
                {busy === 'generate' ? <Trans>Generating…</Trans> : <Trans>Generate OpenAPI</Trans>}
              </button>
              {generateWhy !== undefined && blockingCount === 0 ? (
                <span id="gen-generate-why" hidden>
                  {generateWhy}
                </span>
              ) : null}
              {blockingCount > 0 && busy === undefined ? (
                <button
                  type="button"
                  id="gen-blocked-reason"
                  className="gen-link-button gen-blocked-reason"
                  data-testid="blocked-reason"
                  onClick={showProblems}
                >
                  <Plural
                    value={blockingCount}
                    one="# problem blocks generation"
                    few="# problems block generation"
                    many="# problems block generation"
                    other="# problems block generation"
                  />
                </button>
              ) : null}
              <button
                type="button"
                className="gen-button"
                disabled={!canLoad}
                aria-busy={busy === 'load'}
                onClick={() => void editorObject.load()}
              >
                {busy === 'load' ? <Trans>Loading…</Trans> : <Trans>Load YAML</Trans>}
              </button>
              {job.renew ? (
                <p className="gen-renew" role="alert">
                  <Trans>Your subscription is not active.</Trans>{' '}
                  <Link to="/renew-subscription" data-testid="renew-link">
                    <Trans>Renew subscription</Trans>
                  </Link>
                </p>
              ) : null}
            </div>
            {busy !== undefined && job.slow ? (
              <div className="gen-progress" role="status" data-testid="job-progress">
                <progress
                  max={progress?.total}
                  value={progress?.done}
                  aria-label={busy === 'generate' ? t`Generating` : t`Loading`}
                />
                <span className="gen-muted">
                  {progress === undefined ? (
                    busy === 'generate' ? (
                      <Trans>Generating…</Trans>
                    ) : (
                      <Trans>Loading…</Trans>
                    )
                  ) : busy === 'generate' ? (
                    <Trans>
                      Generating: {progress.done} of{' '}
                      <Plural value={progress.total} one="# endpoint" other="# endpoints" />
                    </Trans>
                  ) : (
                    <Trans>
                      Loading: {progress.done} of{' '}
                      <Plural value={progress.total} one="# endpoint" other="# endpoints" />
                    </Trans>
                  )}
                </span>
                <button
                  type="button"
                  className="gen-button"
                  onClick={jobs.cancel}
                  data-testid="job-cancel"
                >
                  <Trans>Cancel</Trans>
                </button>
              </div>
            ) : null}
            {job.checkFailed ? (
              <ErrorWithRetry
                message={job.checkFailed.message}
                messageClassName="gen-error"
                onRetry={job.checkFailed.retry}
                retrying={busy !== undefined}
              >
                <Link to="/renew-subscription" data-testid="renew-link">
                  <Trans>Renew subscription</Trans>
                </Link>
              </ErrorWithRetry>
            ) : null}
            {job.error ? (
              <p className="gen-error" role="alert">
                {job.error}
              </p>
            ) : null}
            {workspace.lostSince !== undefined ? (
              <p className="gen-notice" role="status" data-testid="journal-lost-notice">
                <Trans>
                  The edits made since {lostTime} could not be kept when the page closed: they were
                  too large to save on this device.
                </Trans>{' '}
                <button
                  type="button"
                  className="gen-button gen-button-small"
                  onClick={workspace.dismissLost}
                >
                  {t`Dismiss`}
                </button>
              </p>
            ) : null}
            {state.upgradedFrom !== undefined ? (
              <p className="gen-notice" role="status" data-testid="upgraded-notice">
                <Trans>Upgraded to OpenAPI {state.upgradedFrom.target}.</Trans>{' '}
                <button
                  type="button"
                  className="gen-button gen-button-small"
                  onClick={editorObject.undoUpgrade}
                >
                  {t`Undo upgrade`}
                </button>
              </p>
            ) : null}
            {state.convertedFrom !== undefined ? (
              <p className="gen-notice" role="status" data-testid="converted-from-swagger">
                <Trans>Converted from Swagger 2.0.</Trans>{' '}
                <button
                  type="button"
                  className="gen-button gen-button-small"
                  onClick={() => downloadOriginal(state.convertedFrom ?? '')}
                >
                  {t`Download the original`}
                </button>
              </p>
            ) : null}
            <div ref={problemsBox}>
              <ProblemsPanel
                problems={problems}
                open={problemsOpen}
                onToggle={setProblemsOpen}
                onSelect={onSelectProblem}
                onSelectFinding={onSelectFinding}
                onReveal={onRevealFinding}
                lint={lint.answer}
                lintPending={lint.pending}
                lintMessage={lintMessage}
                lintMessageShown={lint.rulesetError !== undefined}
                large={lint.large}
                onCheckWhole={lint.checkWhole}
                onCancelWhole={lint.cancelWhole}
                ruleset={problemsView.ruleset}
                onRulesetChange={problemsView.setRuleset}
                rulesetSync={problemsView.rulesetSync}
                inProject={workspaceProject !== undefined}
                severities={problemsView.severities}
                onSeveritiesChange={problemsView.setSeverities}
              />
            </div>
            {restoring ? (
              <p className="gen-empty gen-muted" role="status" data-testid="restoring">
                <Trans>Restoring your endpoints…</Trans>
              </p>
            ) : order.length === 0 ? (
              <p className="gen-empty gen-muted">
                <Trans>
                  No endpoints yet. Add one, or paste an OpenAPI document on the right and load it.
                </Trans>
              </p>
            ) : null}
            <DocumentPanel
              store={documentStore}
              endpoints={store}
              isNew={client.documentSource === ''}
              onUpgrade={editorObject.upgrade}
              onRenameSchema={editorObject.renameSchema}
            />
            <EndpointList
              store={store}
              onDuplicate={editorObject.duplicate}
              onRemove={editorObject.askRemove}
              revealId={revealId}
              revealNonce={revealNonce}
            />
          </div>
          {split.separator}
          <div className="gen-output-panel" {...tabs.panelProps('yaml')}>
            <OutputTabs
              editor={editor}
              openOperation={() => {
                const open = revealId === undefined ? undefined : store.getEndpoint(revealId);
                return (
                  open && { path: open.path, method: open.method, webhook: open.webhook === true }
                );
              }}
            >
              <Suspense
                fallback={<div className="gen-output gen-muted">{t`Loading the editor…`}</div>}
              >
                <OutputEditor
                  ref={editor}
                  onHasTextChange={editorObject.setHasOutput}
                  onReady={() => setEditorReady(true)}
                  onChange={workspace.changed}
                  onPaste={(text, pasteAsIs, target) =>
                    void paste.handlePaste(text, pasteAsIs, target)
                  }
                  onCursorOperation={editorObject.revealOperation}
                  locked={restoring}
                  lint={lint}
                />
              </Suspense>
            </OutputTabs>
          </div>

          {removing ? (
            <ConfirmDialog
              title={t`Remove the endpoint?`}
              confirmLabel={t`Remove`}
              onCancel={editorObject.cancelRemove}
              onConfirm={editorObject.confirmRemove}
            >
              <p>
                <Trans>
                  Remove{' '}
                  <strong data-testid="confirm-endpoint">
                    {removing.method} {removing.path || t`(no path)`}
                  </strong>
                  ? This cannot be undone.
                </Trans>
              </p>
            </ConfirmDialog>
          ) : null}
          {state.upgrade ? (
            <UpgradeDialog
              offer={state.upgrade}
              onCancel={editorObject.cancelUpgrade}
              onApply={editorObject.applyUpgrade}
            />
          ) : null}
          {state.swagger ? (
            <SwaggerConvertDialog
              conversion={state.swagger}
              onCancel={editorObject.cancelSwagger}
              onConvert={editorObject.convertSwagger}
            />
          ) : null}
          {pendingLoad ? (
            <ConfirmDialog
              title={t`Replace the endpoints?`}
              confirmLabel={t`Replace`}
              onCancel={editorObject.cancelLoad}
              onConfirm={editorObject.confirmLoad}
            >
              <p>
                <Plural
                  value={order.length}
                  one="The form has an endpoint that was not generated yet. Loading the document replaces it."
                  other="The form has # endpoints that were not generated yet. Loading the document replaces all # of them."
                />
              </p>
            </ConfirmDialog>
          ) : null}
          {paste.offer ? (
            <JsonPasteDialog
              json={paste.offer.json}
              yaml={paste.offer.yaml}
              onCancel={paste.cancel}
              onConvert={() => paste.convert((yaml) => editor.current?.replaceSelection(yaml))}
              onOpenAsJson={
                paste.offer.document === true
                  ? () => paste.openAsJson((json) => editor.current?.openText(json))
                  : undefined
              }
              conversionFailed={paste.offer.conversionFailed === true}
            />
          ) : null}
        </div>
      </LintAnswerContext.Provider>
    </DocumentContext.Provider>
  );
}
