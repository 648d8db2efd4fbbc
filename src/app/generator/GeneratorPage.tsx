/**
 * The generator screen (spec §2 "Generator screen", §4 "Generator", §5 "Generator"): endpoint
 * panels on the left, the Monaco output editor on the right. Everything that computes goes through
 * the worker bridge; this module only holds state and renders.
 */
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
import { Link, useSearchParams } from 'react-router-dom';
import type { Endpoint, KeptOperation } from '../../shared';
import { failureMessage } from '../api/errors';
import { ErrorWithRetry } from '../components/ErrorWithRetry';
import {
  CoreCallError,
  generatorClient,
  isAbortError,
  VIEWS_PER_MESSAGE,
  type DocumentSource,
  type ImportWarning,
  type ParsedDocument,
} from '../core/generator-client';
import { ConfirmDialog } from './ConfirmDialog';
import { CORE_ERROR_MESSAGES } from './core-errors';
import { createEndpoint, duplicateEndpoint, isLoadedAsIs, markLoaded } from './endpoint-ops';
import { EndpointList } from './EndpointList';
import { EndpointStore, useOrder, useReport } from './endpoint-store';
import { collectProblems, fieldSelector, type Problem } from './problems';
import { ProblemsPanel, useGenerateBlockedReason } from './ProblemsPanel';
import { useTouchedVersion } from './touched';
import { useExampleProblems } from './useExampleProblems';
import { yieldToBrowser } from '../util/slices';
import { loadMonacoInSteps } from '../editor/monaco-load';
import { ImportTrafficButton } from './ImportTrafficDialog';
import { JsonPasteDialog } from './JsonPasteDialog';
import { useJsonPaste } from './json-paste';
import { checkSubscription } from './subscription-check';
import { useNarrowTabs } from './useNarrowTabs';
import { Navigator } from './Navigator';
import { useGeneratorSplit } from './GeneratorSplit';
import type { OutputEditorHandle } from './OutputEditor';
import { useGeneratorProject } from '../projects/useGeneratorProject';
import { projectWorkspace } from '../workspace/project-records';
import { COLLAPSE_ABOVE, useWorkspace } from '../workspace/useWorkspace';
import { WorkspaceGate } from './WorkspaceGate';
import { projectOutput, projectViewStateJson } from '../../shared/projects';
import { DocumentPanel } from './document/DocumentPanel';
import { DocumentContext, DocumentStore, type DocumentLinks } from './document/document-store';
import { OutputTabs } from './document/OutputTabs';
import { findEndpointId } from './document/page-links';
import './generator.css';
import { UpgradeDialog, type UpgradeOffer } from './UpgradeDialog';
import type { UpgradeTarget } from '../../shared/document/upgrade';
import type { RevisionReason } from '../../shared/projects';
import {
  downloadOriginal,
  SwaggerConvertDialog,
  type SwaggerConversion,
} from './SwaggerConvertDialog';

// Monaco is evaluated in steps (no 140 ms task on opening the page), then the editor's module.
const OutputEditor = lazy(() => loadMonacoInSteps().then(() => import('./OutputEditor')));

/** Validation debounce while typing: short, so the red labels follow the keyboard. */
export const VALIDATE_DEBOUNCE_MS = 80;

type Busy = 'generate' | 'load' | undefined;

/**
 * The generator of one workspace (issue 18.3): the browser's own or a project's. Each is its own
 * page instance over its own stored form (workspace.ts), so switching workspaces never carries
 * one's form into another; a second tab on the same workspace is told (WorkspaceGate).
 */
export default function GeneratorPage() {
  const [params] = useSearchParams();
  const projectId = params.get('project') ?? undefined;
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
  // The session's problems treat "loaded and untouched" views as the page does (issue 20.5).
  useEffect(() => client.setLoadedTest(isLoadedAsIs), [client]);
  // The browser's own workspace starts empty while its record is read (useWorkspace).
  const [store] = useState(
    () => new EndpointStore(workspaceProject === undefined ? [] : [createEndpoint(true)]),
  );
  // A calm start (issue 20): the endpoint a page starts with shows no problem before it is touched.
  useState(() => store.touched.markBlank(store.list()));
  const order = useOrder(store);
  const report = useReport(store);
  const [busy, setBusy] = useState<Busy>(undefined);
  const [renew, setRenew] = useState(false);
  /** A failed subscription check: its message and the Generate/Load to retry (issue 13.11). */
  const [checkFailed, setCheckFailed] = useState<{ message: string; retry: () => void }>();
  const [hasOutput, setHasOutput] = useState(false);
  const [warnings, setWarnings] = useState<ImportWarning[]>([]);
  /** The document's operations the form does not show, listed read-only (issue 19.2). */
  const [keptOperations, setKeptOperations] = useState<KeptOperation[]>([]);
  /** Counts the documents applied, so a late answer about an earlier one is ignored. */
  const documentsApplied = useRef(0);
  const [error, setError] = useState<string | undefined>(undefined);
  const [removeId, setRemoveId] = useState<string | undefined>(undefined);
  const [pendingLoad, setPendingLoad] = useState<
    | {
        parsed: ParsedDocument;
        text: string;
        previous: DocumentSource;
        /** The Swagger 2.0 conversion `text` comes from, when it does. */
        conversion?: SwaggerConversion;
      }
    | undefined
  >(undefined);
  const [swagger, setSwagger] = useState<SwaggerConversion | undefined>(undefined);
  /** The Swagger 2.0 text the open document was converted from (downloadable). */
  const [convertedFrom, setConvertedFrom] = useState<string | undefined>(undefined);
  const convertedText = useRef<string | undefined>(undefined);
  /** Why the next applyLoad happens, when it is not a Load (an upgrade, its undo). */
  const loadReason = useRef<RevisionReason | undefined>(undefined);
  const [upgrade, setUpgrade] = useState<UpgradeOffer | undefined>(undefined);
  /** The text before the last upgrade, while Undo is offered. */
  const [upgradedFrom, setUpgradedFrom] = useState<UpgradeOffer | undefined>(undefined);
  const [revealId, setRevealId] = useState<string | undefined>(undefined);
  const [revealNonce, setRevealNonce] = useState(0);
  const [problemsOpen, setProblemsOpen] = useState(false);
  const problemsBox = useRef<HTMLDivElement>(null);
  const [documentStore] = useState(() => new DocumentStore());
  const editor = useRef<OutputEditorHandle>(null);
  const [editorReady, setEditorReady] = useState(false);
  /**
   * The document for the form as it is now (issue 12: what a project stores): the loaded or
   * generated text. Undefined until there is one; the output editor's text stands in then.
   */
  const documentText = useRef<string | undefined>(undefined);
  /**
   * The shared schemas as the worker's document has them: the Schemas section's edits are sent
   * only when the store holds something else (a restored page never sends a partial set).
   */
  const schemasFromDocument = useRef<object | undefined>(documentStore.getSchemas());
  /** Writes the form as the session's text (see useWorkspace), set below. */
  const writeText = useRef<(endpoints: Endpoint[]) => Promise<string | undefined>>(() =>
    Promise.resolve(undefined),
  );
  /** The open project's "changed" (its sync saves the record), set below. */
  const projectChanged = useRef<() => void>(() => undefined);
  /** This workspace's record: restored, shown, kept (src/app/workspace). */
  const workspace = useWorkspace({
    name: workspaceName,
    inProject: workspaceProject !== undefined,
    store,
    documentStore,
    client,
    editor,
    editorReady,
    write: (endpoints) => writeText.current(endpoints),
    onShown: (shown) => {
      documentText.current = shown.text === '' ? undefined : shown.text;
      schemasFromDocument.current = documentStore.getSchemas();
      setWarnings(shown.warnings);
      setKeptOperations(shown.keptOperations);
      setHasOutput(shown.output.trim().length > 0);
      documentsApplied.current++;
    },
    onSchemasRead: (schemas) => {
      schemasFromDocument.current = schemas;
    },
    onBuilt: () => projectChanged.current(),
  });
  const restoring = workspace.restoring;
  // Only the version (a re-render of the page per keystroke in the document panel would cost).
  const openapi = useSyncExternalStore(
    documentStore.subscribe,
    () => documentStore.getMeta().openapi,
  );
  const exampleProblems = useExampleProblems(store, client, restoring, openapi);
  const touchedVersion = useTouchedVersion(store.touched);
  const problems = useMemo(
    () =>
      collectProblems(
        order,
        (id) => store.getEndpoint(id),
        report,
        warnings,
        exampleProblems,
        store.touched.isShown,
      ),
    // touchedVersion: a field touched shows its problems.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [order, store, report, warnings, exampleProblems, touchedVersion],
  );
  /** Opens a problem's endpoint, scrolls to it and focuses its field (once it is rendered). */
  const onSelectProblem = useCallback(
    (problem: Problem) => {
      const id = problem.endpointId;
      if (id === undefined) return;
      store.setCollapsed(id, false);
      setRevealId(id);
      setRevealNonce((n) => n + 1);
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
    [store],
  );
  const showProblems = () => {
    setProblemsOpen(true);
    requestAnimationFrame(() => problemsBox.current?.scrollIntoView?.({ block: 'nearest' }));
  };
  const paste = useJsonPaste(client);
  const tabs = useNarrowTabs();
  const split = useGeneratorSplit(tabs.narrow);
  /** The output editor once ready (see getContent). */
  const editorHandle = useRef<OutputEditorHandle | null>(null);
  /**
   * What a project stores: the workspace record as last built (the text and its view state),
   * or, before one is built, the document text and the output editor's change to it.
   */
  const getContent = () => {
    const built = workspace.recorder.latest;
    if (built !== undefined) {
      if (built.text !== '') {
        return { content: built.text, viewStateJson: JSON.stringify(built.viewState) };
      }
      // No document yet (a new project, or text pasted and not loaded): the editor's text is it.
      const content = projectOutput('', built.viewState);
      const { output: _shown, ...viewState } = built.viewState;
      return { content, viewStateJson: JSON.stringify(viewState) };
    }
    // Leaving the page, the ref is detached before the sync's last flush: the handle still works.
    const handle = editor.current ?? editorHandle.current;
    if (!editorReady || !handle) return undefined;
    const output = handle.getValue();
    // No document yet (a new project, or text pasted and not loaded): the editor's text is it.
    const content = documentText.current || output;
    return { content, viewStateJson: projectViewStateJson(content, output) };
  };
  const project = useGeneratorProject({
    ready: editorReady && !restoring,
    getContent,
    getViewStateJson: () => getContent()?.viewStateJson ?? null,
    // The record built now: a form never generated is written, so the new project holds it.
    newProjectContent: async () => {
      const built = await workspace.build();
      return { content: built.text, viewStateJson: JSON.stringify(built.viewState) };
    },
    getOutput: () => (editorReady && editor.current ? editor.current.getValue() : undefined),
    show: async ({ content, viewStateJson }) => {
      await workspace.show(content, viewStateJson);
      // An empty project takes the form on screen as its document.
      if (!content.trim()) workspace.changed();
    },
  });
  /** Aborts a running Generate or Load when the page goes away (a long call stops its worker). */
  const pageAlive = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    pageAlive.current = controller;
    return () => controller.abort();
  }, []);

  // Validate (latest request wins) on every change, once a restore is done (the workspace
  // record is kept by useWorkspace).
  useEffect(() => {
    if (restoring) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      timer = undefined;
      // Commands for what changed since the worker last had the form, not the whole form.
      client.validateLatest(store.list(), documentStore.getMeta()).then(
        (next) => {
          if (next) store.setReport(next);
        },
        (failure: unknown) => {
          if (!isAbortError(failure)) console.warn('validation failed', failure);
        },
      );
    };
    run();
    const unsubscribe = store.subscribeChange(() => {
      clearTimeout(timer);
      timer = setTimeout(run, VALIDATE_DEBOUNCE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, client, restoring, documentStore]);

  const onAdd = () => {
    const endpoint = createEndpoint(store.size === 0);
    store.touched.markFresh([endpoint.id]);
    store.add(endpoint);
    setRevealId(endpoint.id);
  };
  const onDuplicate = useCallback(
    (id: string) => {
      const source = store.getEndpoint(id);
      if (!source) return;
      const copy = duplicateEndpoint(source);
      store.add(copy, id);
      store.setCollapsed(copy.id, store.isCollapsed(id));
      setRevealId(copy.id);
    },
    [store],
  );
  const onRemove = useCallback((id: string) => setRemoveId(id), []);

  const describeError = (failure: unknown): string => {
    if (failure instanceof CoreCallError) {
      const text = i18n._(CORE_ERROR_MESSAGES[failure.code]);
      const { line, column } = failure.info;
      return line === undefined ? text : `${text} ${t`Line ${line}, column ${column ?? 1}`}`;
    }
    return i18n._(CORE_ERROR_MESSAGES.INTERNAL);
  };

  /** The running Generate or Load: Cancel aborts it (issue 12.6), so does leaving the page. */
  const jobAbort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | undefined>();
  const jobSignal = () => {
    const signals = [jobAbort.current?.signal, pageAlive.current?.signal].filter(
      (signal): signal is AbortSignal => signal !== undefined,
    );
    return AbortSignal.any(signals);
  };
  /** The progress line shows only for a job that takes a while (no flash on a quick one). */
  const [slowJob, setSlowJob] = useState(false);
  useEffect(() => {
    if (busy === undefined) return;
    const timer = setTimeout(() => setSlowJob(true), 400);
    return () => {
      clearTimeout(timer);
      setSlowJob(false);
    };
  }, [busy]);
  const onJobProgress = (done: number, total: number) =>
    setProgress(total > VIEWS_PER_MESSAGE ? { done, total } : undefined);

  /** Spec §4: Generate and Load first check the subscription; inactive → renew link, nothing else. */
  const withSubscription = async (kind: Exclude<Busy, undefined>, job: () => Promise<void>) => {
    jobAbort.current = new AbortController();
    setProgress(undefined);
    setBusy(kind);
    setError(undefined);
    setCheckFailed(undefined);
    try {
      const check = await checkSubscription();
      if (check.status === 'failed') {
        setRenew(false);
        const message = `${t`Could not check your subscription.`} ${failureMessage(i18n, check.failure)}`;
        setCheckFailed({ message, retry: () => void withSubscription(kind, job) });
        return;
      }
      if (check.status === 'inactive') {
        setRenew(true);
        return;
      }
      setRenew(false);
      await job();
    } catch (failure) {
      if (!isAbortError(failure)) setError(describeError(failure));
    } finally {
      setBusy(undefined);
      setProgress(undefined);
      jobAbort.current = null;
    }
  };

  /** The Schemas section's edits go to the worker's document before a text is written. */
  const sendSchemaEdits = async (signal: AbortSignal | undefined) => {
    const schemas = documentStore.getSchemas();
    if (schemas !== schemasFromDocument.current) {
      await client.setDocumentSchemas(schemas, { signal });
      schemasFromDocument.current = schemas;
    }
  };
  /** The document text for the form as it is now, rendered in the worker. */
  const renderDocument = async (
    endpoints: Endpoint[],
    signal: AbortSignal | undefined,
    onProgress?: (done: number, total: number) => void,
  ) => {
    await sendSchemaEdits(signal);
    // Generate (with progress) is a long job the user can cancel: that stops the worker.
    return client.render(endpoints, documentStore.getMeta(), {
      signal,
      onProgress,
      stopWorkerOnAbort: onProgress !== undefined,
    });
  };
  useEffect(() => {
    // The workspace record's text: the form written by the session, when nothing blocks it.
    writeText.current = async (endpoints) => {
      const signal = pageAlive.current?.signal;
      await sendSchemaEdits(signal);
      const answer = await client.sync(endpoints, documentStore.getMeta(), { signal, text: true });
      return answer?.report.canGenerate === true ? answer.text : undefined;
    };
    projectChanged.current = project.changed;
  });

  const onGenerate = () =>
    withSubscription('generate', async () => {
      const endpoints = store.list();
      const signal = jobSignal();
      // The form goes to the worker's document session (what changed, in batches: a long job
      // the user can cancel, which stops the worker); its problems decide.
      const synced = await client.sync(endpoints, documentStore.getMeta(), {
        signal,
        onProgress: onJobProgress,
        stopWorkerOnAbort: true,
      });
      if (synced === undefined) return;
      const check = synced.report;
      store.setReport(check);
      if (!check.canGenerate) return;
      const yaml = await renderDocument(endpoints, signal, onJobProgress);
      documentText.current = yaml;
      // Only what changed is replaced (one edit that Ctrl+Z can undo); a new large document goes
      // in by slices (one 2 MB setValue is a 100 ms task).
      await editor.current?.showGenerated(yaml);
      tabs.show('yaml');
      setHasOutput(yaml.trim().length > 0);
      store.markSaved();
    });

  /**
   * Makes `parsed` (opened from `text`) the form's document: a Load, a conversion, an upgrade
   * or its undo, which starts a new version in the open project's history (issue 18.4).
   */
  const applyLoad = (parsed: ParsedDocument, text: string) => {
    const converted = text === convertedText.current;
    project.startRevision(loadReason.current ?? (converted ? 'convert' : 'load'));
    loadReason.current = undefined;
    if (!converted) setConvertedFrom(undefined);
    convertedText.current = undefined;
    documentText.current = text;
    documentStore.setAll(parsed.meta, {});
    schemasFromDocument.current = documentStore.getSchemas();
    void client.documentSchemas().then((schemas) => {
      schemasFromDocument.current = schemas;
      documentStore.setSchemas(() => schemas);
      workspace.recorder.adoptMeta(undefined, schemas);
    }, console.warn);
    const collapse = parsed.endpoints.length > COLLAPSE_ABOVE;
    markLoaded(parsed.endpoints);
    store.setAll(parsed.endpoints, collapse ? parsed.endpoints.map((e: Endpoint) => e.id) : []);
    client.releaseHold();
    store.markSaved();
    // The workspace record is this text now (kept, and pushed in a project, right after).
    workspace.adoptLoaded(text, parsed.endpoints);
    setWarnings(parsed.warnings);
    documentsApplied.current++;
    setKeptOperations(parsed.keptOperations);
    tabs.show('form');
    setRevealId(parsed.endpoints[0]?.id);
  };

  const onLoad = () =>
    withSubscription('load', async () => {
      // A 4 MB editor is read in slices, and sending the text to the worker is a task of its own.
      const text = (await editor.current?.readValue()) ?? '';
      await yieldToBrowser();
      const previous = client.documentSource;
      let parsed;
      try {
        parsed = await client.openDocument(text, {
          hold: true,
          signal: jobSignal(),
          onProgress: onJobProgress,
          stopWorkerOnAbort: true,
        });
      } catch (failure) {
        if (!(failure instanceof CoreCallError) || failure.code !== 'SWAGGER_2') throw failure;
        // Swagger 2.0: say what it is and offer the conversion (issue 19.6); nothing changes yet.
        const converted = await client.convertSwagger2(text, { signal: jobSignal() });
        setSwagger({ original: text, ...converted });
        return;
      }
      if (store.hasUnsavedChanges()) setPendingLoad({ parsed, text, previous });
      else applyLoad(parsed, text);
    });

  /** Upgrade to 3.1/3.2 (issue 19.5): the document as the form has it, then the changes shown. */
  const onUpgrade = (target: UpgradeTarget) =>
    void withSubscription('load', async () => {
      const signal = jobSignal();
      const before = await renderDocument(store.list(), signal);
      const result = await client.upgradeOpenApi(before, target, { signal });
      setUpgrade({ target, before, ...result });
    });

  /**
   * Opens `text` as the document in one step (an upgrade or its undo), output included. In a
   * project, `before` (the document the upgrade was made from, unsaved form edits included) is
   * saved first, so the version before the upgrade is exactly what it changed.
   */
  const replaceDocument = (text: string, reason: RevisionReason, before?: string) =>
    withSubscription('load', async () => {
      if (before !== undefined) {
        await project.saveVersion(
          { content: before, viewStateJson: projectViewStateJson(before, before) },
          'autosave',
        );
      }
      const parsed = await client.openDocument(text, { hold: true, signal: jobSignal() });
      loadReason.current = reason;
      applyLoad(parsed, text);
      await editor.current?.showGenerated(text);
      setHasOutput(text.trim().length > 0);
    });

  /**
   * Makes the converted document the document (issue 19.6). In a project the Swagger text is
   * saved first, as the version before the conversion; the converted document's own version
   * (`convert`) follows. The output shows the converted text after the form has it.
   */
  const applyConversion = async (parsed: ParsedDocument, conversion: SwaggerConversion) => {
    const { original, text } = conversion;
    await project.saveVersion(
      { content: original, viewStateJson: projectViewStateJson(original, original) },
      'load',
    );
    setConvertedFrom(original);
    convertedText.current = text;
    applyLoad(parsed, text);
    await editor.current?.showGenerated(text);
    setHasOutput(text.trim().length > 0);
  };

  /** Accepting the conversion: the converted text is opened, then becomes the document. */
  const onConvertSwagger = (conversion: SwaggerConversion) => {
    setSwagger(undefined);
    void withSubscription('load', async () => {
      const previous = client.documentSource;
      const parsed = await client.openDocument(conversion.text, {
        hold: true,
        signal: jobSignal(),
      });
      if (store.hasUnsavedChanges()) {
        setPendingLoad({ parsed, text: conversion.text, previous, conversion });
      } else await applyConversion(parsed, conversion);
    });
  };

  /** Reveals an endpoint's panel (expanded), also when it was the last one revealed. */
  const revealEndpoint = useCallback(
    (id: string) => {
      store.setCollapsed(id, false);
      setRevealId(id);
      setRevealNonce((n) => n + 1);
    },
    [store],
  );
  const links = useMemo<DocumentLinks>(
    () => ({
      document: documentStore,
      showInYaml: (path, method, where) => {
        tabs.show('yaml');
        void editor.current?.findOperation(path, method, where).then((range) => {
          if (range) editor.current?.revealLines(range.startLine, range.endLine);
          else setError(t`This endpoint is not in the YAML yet: generate the document first.`);
        });
      },
      onApplyOperation: (path, method) =>
        void withSubscription('load', async () => {
          project.startRevision('apply');
          const text = (await editor.current?.readValue()) ?? '';
          const views = await client.readEndpoints(text, { signal: pageAlive.current?.signal });
          const source = views.find(
            (e: Endpoint) => e.path === path && e.method.toLowerCase() === method.toLowerCase(),
          );
          const id = findEndpointId(store.list(), path, method);
          if (source === undefined || id === undefined) {
            setError(t`This endpoint is not in the YAML: nothing to apply.`);
            return;
          }
          store.update(id, () => ({ ...source, id }));
        }),
    }),
    // withSubscription, tabs and t are recreated each render but only read setters and refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [documentStore, store, client],
  );
  const onCursorOperation = useCallback(
    (path: string, method: string) => {
      const id = findEndpointId(store.list(), path, method);
      if (id !== undefined) revealEndpoint(id);
    },
    [store, revealEndpoint],
  );

  const canGenerate =
    !restoring && busy === undefined && order.length > 0 && report?.canGenerate === true;
  const canLoad = !restoring && busy === undefined && hasOutput;
  const blockingCount = problems.blocking.length;
  const blockedReason = useGenerateBlockedReason(problems);
  const generateWhy =
    canGenerate || busy !== undefined || restoring
      ? undefined
      : order.length === 0
        ? t`Add an endpoint to generate a document.`
        : blockedReason;
  const removing = removeId === undefined ? undefined : store.getEndpoint(removeId);

  return (
    <DocumentContext.Provider value={links}>
      <div className={`gen-page ${split.className}`} style={split.style} data-testid="generator">
        {project.element}
        {tabs.bar}
        <Navigator
          store={store}
          problems={problems}
          selectedId={revealId}
          onOpen={revealEndpoint}
          kept={keptOperations}
          hidden={tabs.narrow && tabs.tab !== 'form'}
        />
        <div className="gen-form" {...tabs.panelProps('form')}>
          <div className="gen-toolbar">
            <button type="button" className="gen-button" onClick={onAdd} disabled={restoring}>
              <span aria-hidden="true">+ </span>
              <Trans>Add endpoint</Trans>
            </button>
            <ImportTrafficButton
              store={store}
              disabled={restoring}
              onAdded={(ids) => {
                setRevealId(ids[0]);
                setRevealNonce((n) => n + 1);
              }}
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
              onClick={() => void onGenerate()}
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
              onClick={() => void onLoad()}
            >
              {busy === 'load' ? <Trans>Loading…</Trans> : <Trans>Load YAML</Trans>}
            </button>
            {renew ? (
              <p className="gen-renew" role="alert">
                <Trans>Your subscription is not active.</Trans>{' '}
                <Link to="/renew-subscription" data-testid="renew-link">
                  <Trans>Renew subscription</Trans>
                </Link>
              </p>
            ) : null}
          </div>
          {busy !== undefined && slowJob ? (
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
                onClick={() => jobAbort.current?.abort()}
                data-testid="job-cancel"
              >
                <Trans>Cancel</Trans>
              </button>
            </div>
          ) : null}
          {checkFailed ? (
            <ErrorWithRetry
              message={checkFailed.message}
              messageClassName="gen-error"
              onRetry={checkFailed.retry}
              retrying={busy !== undefined}
            >
              <Link to="/renew-subscription" data-testid="renew-link">
                <Trans>Renew subscription</Trans>
              </Link>
            </ErrorWithRetry>
          ) : null}
          {error ? (
            <p className="gen-error" role="alert">
              {error}
            </p>
          ) : null}
          {upgradedFrom !== undefined ? (
            <p className="gen-notice" role="status" data-testid="upgraded-notice">
              <Trans>Upgraded to OpenAPI {upgradedFrom.target}.</Trans>{' '}
              <button
                type="button"
                className="gen-button gen-button-small"
                onClick={() => {
                  const offer = upgradedFrom;
                  setUpgradedFrom(undefined);
                  void replaceDocument(offer.before, 'restore');
                }}
              >
                {t`Undo upgrade`}
              </button>
            </p>
          ) : null}
          {convertedFrom !== undefined ? (
            <p className="gen-notice" role="status" data-testid="converted-from-swagger">
              <Trans>Converted from Swagger 2.0.</Trans>{' '}
              <button
                type="button"
                className="gen-button gen-button-small"
                onClick={() => downloadOriginal(convertedFrom)}
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
            onUpgrade={onUpgrade}
          />
          <EndpointList
            store={store}
            onDuplicate={onDuplicate}
            onRemove={onRemove}
            revealId={revealId}
            revealNonce={revealNonce}
          />
        </div>
        {split.separator}
        <div className="gen-output-panel" {...tabs.panelProps('yaml')}>
          <OutputTabs editor={editor}>
            <Suspense
              fallback={<div className="gen-output gen-muted">{t`Loading the editor…`}</div>}
            >
              <OutputEditor
                ref={editor}
                onHasTextChange={setHasOutput}
                onReady={() => {
                  editorHandle.current = editor.current;
                  setEditorReady(true);
                }}
                onChange={() => {
                  project.changed();
                  workspace.changed();
                }}
                onPaste={(text, pasteAsIs) => void paste.handlePaste(text, pasteAsIs)}
                onCursorOperation={onCursorOperation}
              />
            </Suspense>
          </OutputTabs>
        </div>

        {removing ? (
          <ConfirmDialog
            title={t`Remove the endpoint?`}
            confirmLabel={t`Remove`}
            onCancel={() => setRemoveId(undefined)}
            onConfirm={() => {
              store.remove(removing.id);
              setRemoveId(undefined);
            }}
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
        {upgrade ? (
          <UpgradeDialog
            offer={upgrade}
            onCancel={() => setUpgrade(undefined)}
            onApply={() => {
              setUpgrade(undefined);
              setUpgradedFrom(upgrade);
              void replaceDocument(upgrade.text, 'upgrade', upgrade.before);
            }}
          />
        ) : null}
        {swagger ? (
          <SwaggerConvertDialog
            conversion={swagger}
            onCancel={() => setSwagger(undefined)}
            onConvert={() => onConvertSwagger(swagger)}
          />
        ) : null}
        {pendingLoad ? (
          <ConfirmDialog
            title={t`Replace the endpoints?`}
            confirmLabel={t`Replace`}
            onCancel={() => {
              // The form stays as it was: so does the document it is a view of.
              client.setSource(pendingLoad.previous);
              setPendingLoad(undefined);
            }}
            onConfirm={() => {
              const { parsed, text, conversion } = pendingLoad;
              setPendingLoad(undefined);
              if (conversion === undefined) applyLoad(parsed, text);
              else {
                applyConversion(parsed, conversion).catch((failure: unknown) =>
                  setError(describeError(failure)),
                );
              }
            }}
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
          />
        ) : null}
      </div>
    </DocumentContext.Provider>
  );
}
