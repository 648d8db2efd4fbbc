/**
 * The generator screen (spec §2 "Generator screen", §4 "Generator", §5 "Generator"): endpoint
 * panels on the left, the Monaco output editor on the right. Everything that computes goes through
 * the worker bridge; this module only holds state and renders.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Endpoint } from '../../shared';
import { fetchCustomer, isSubscriptionActive } from '../api/customer';
import {
  CoreCallError,
  generatorClient,
  isAbortError,
  type ImportWarning,
  type ParsedDocument,
} from '../core/generator-client';
import { ConfirmDialog } from './ConfirmDialog';
import { CORE_ERROR_MESSAGES } from './core-errors';
import { createEndpoint, duplicateEndpoint, validationView } from './endpoint-ops';
import { EndpointList } from './EndpointList';
import { EndpointStore, useOrder, useReport } from './endpoint-store';
import { ImportWarnings } from './ImportWarnings';
import { JsonPasteDialog } from './JsonPasteDialog';
import { useJsonPaste } from './json-paste';
import type { OutputEditorHandle } from './OutputEditor';
import {
  autoSave,
  loadSavedForm,
  loadSavedFormInSlices,
  savedFormEntries,
  SYNC_RESTORE_MAX_ENTRIES,
  type RestoredForm,
} from './persistence';
import './generator.css';

const OutputEditor = lazy(() => import('./OutputEditor'));

/** Validation debounce while typing: short, so the red labels follow the keyboard. */
export const VALIDATE_DEBOUNCE_MS = 80;
/** Imports with more endpoints than this render every panel collapsed. */
const COLLAPSE_IMPORTS_ABOVE = 10;

type Busy = 'generate' | 'load' | undefined;

/** The form a page starts with when nothing (readable) is saved: one endpoint (spec §4). */
function startingEndpoints(saved: RestoredForm | undefined): [Endpoint[], string[]] {
  return saved && saved.endpoints.length > 0
    ? [saved.endpoints, saved.collapsed]
    : [[createEndpoint(true)], []];
}

/**
 * A small saved form is read back at once; a large one (an imported spec) starts the page with an
 * empty store that {@link useRestore} fills in slices, so no task reads megabytes at once.
 */
function initialState(): { store: EndpointStore; restoring: boolean } {
  if (savedFormEntries() > SYNC_RESTORE_MAX_ENTRIES) {
    return { store: new EndpointStore(), restoring: true };
  }
  return { store: new EndpointStore(...startingEndpoints(loadSavedForm())), restoring: false };
}

/** Fills the store from a large saved form in slices; true until it is done. */
function useRestore(store: EndpointStore, initiallyRestoring: boolean): boolean {
  const [restoring, setRestoring] = useState(initiallyRestoring);
  useEffect(() => {
    if (!restoring) return;
    let cancelled = false;
    void loadSavedFormInSlices(undefined, () => cancelled).then((saved) => {
      if (cancelled) return;
      store.setAll(...startingEndpoints(saved));
      // What was saved before the reload counts as the page's starting point, as in a small form.
      store.markSaved();
      setRestoring(false);
    });
    return () => {
      cancelled = true;
    };
  }, [store, restoring]);
  return restoring;
}

/** Spec §4/§8: the subscription is active when its end is in the future; any failure is inactive. */
async function subscriptionActive(): Promise<boolean> {
  try {
    return isSubscriptionActive(await fetchCustomer());
  } catch {
    return false;
  }
}

export default function GeneratorPage() {
  const { t, i18n } = useLingui();
  const client = generatorClient();
  const [initial] = useState(initialState);
  const store = initial.store;
  const restoring = useRestore(store, initial.restoring);
  const order = useOrder(store);
  const report = useReport(store);
  const [busy, setBusy] = useState<Busy>(undefined);
  const [renew, setRenew] = useState(false);
  const [hasOutput, setHasOutput] = useState(false);
  const [warnings, setWarnings] = useState<ImportWarning[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [removeId, setRemoveId] = useState<string | undefined>(undefined);
  const [pendingLoad, setPendingLoad] = useState<ParsedDocument | undefined>(undefined);
  const [revealId, setRevealId] = useState<string | undefined>(undefined);
  const editor = useRef<OutputEditorHandle>(null);
  const paste = useJsonPaste(client);
  /** Aborts a running Generate or Load when the page goes away (a long call stops its worker). */
  const pageAlive = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    pageAlive.current = controller;
    return () => controller.abort();
  }, []);

  // Save as the user types; validate (latest request wins) on every change. Both wait for a
  // restore, so the empty store it starts from is never saved over the form being read.
  useEffect(() => (restoring ? undefined : autoSave(store)), [store, restoring]);
  useEffect(() => {
    if (restoring) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      timer = undefined;
      client.validateLatest(store.list().map(validationView)).then(
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
  }, [store, client, restoring]);

  const onAdd = () => {
    const endpoint = createEndpoint(store.size === 0);
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
  const dismissWarnings = useCallback(() => setWarnings([]), []);

  const describeError = (failure: unknown): string => {
    if (failure instanceof CoreCallError) {
      const text = i18n._(CORE_ERROR_MESSAGES[failure.code]);
      const { line, column } = failure.info;
      return line === undefined ? text : `${text} ${t`Line ${line}, column ${column ?? 1}`}`;
    }
    return i18n._(CORE_ERROR_MESSAGES.INTERNAL);
  };

  /** Spec §4: Generate and Load first check the subscription; inactive → renew link, nothing else. */
  const withSubscription = async (kind: Exclude<Busy, undefined>, job: () => Promise<void>) => {
    setBusy(kind);
    setError(undefined);
    try {
      if (!(await subscriptionActive())) {
        setRenew(true);
        return;
      }
      setRenew(false);
      await job();
    } catch (failure) {
      if (!isAbortError(failure)) setError(describeError(failure));
    } finally {
      setBusy(undefined);
    }
  };

  const onGenerate = () =>
    withSubscription('generate', async () => {
      const endpoints = store.list();
      const signal = pageAlive.current?.signal;
      const check = await client.validate(endpoints.map(validationView), { signal });
      store.setReport(check);
      if (!check.canGenerate) return;
      const yaml = await client.generateChunked(endpoints, undefined, { signal });
      editor.current?.setValue(yaml);
      setHasOutput(yaml.trim().length > 0);
      store.markSaved();
    });

  const applyLoad = (parsed: ParsedDocument) => {
    const collapse = parsed.endpoints.length > COLLAPSE_IMPORTS_ABOVE;
    store.setAll(parsed.endpoints, collapse ? parsed.endpoints.map((e: Endpoint) => e.id) : []);
    store.markSaved();
    setWarnings(parsed.warnings);
    setRevealId(parsed.endpoints[0]?.id);
  };

  const onLoad = () =>
    withSubscription('load', async () => {
      const text = editor.current?.getValue() ?? '';
      const parsed = await client.parseChunked(text, { signal: pageAlive.current?.signal });
      if (store.hasUnsavedChanges()) setPendingLoad(parsed);
      else applyLoad(parsed);
    });

  const canGenerate =
    !restoring && busy === undefined && order.length > 0 && report?.canGenerate === true;
  const canLoad = !restoring && busy === undefined && hasOutput;
  const removing = removeId === undefined ? undefined : store.getEndpoint(removeId);

  return (
    <div className="gen-page" data-testid="generator">
      <div className="gen-form">
        <div className="gen-toolbar">
          <button type="button" className="gen-button" onClick={onAdd} disabled={restoring}>
            <span aria-hidden="true">+ </span>
            <Trans>Add endpoint</Trans>
          </button>
          <button
            type="button"
            className="gen-button gen-button-primary"
            disabled={!canGenerate}
            aria-busy={busy === 'generate'}
            onClick={() => void onGenerate()}
          >
            {busy === 'generate' ? <Trans>Generating…</Trans> : <Trans>Generate OpenAPI</Trans>}
          </button>
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
        {error ? (
          <p className="gen-error" role="alert">
            {error}
          </p>
        ) : null}
        <ImportWarnings warnings={warnings} onDismiss={dismissWarnings} />
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
        <EndpointList
          store={store}
          onDuplicate={onDuplicate}
          onRemove={onRemove}
          revealId={revealId}
        />
      </div>
      <Suspense fallback={<div className="gen-output gen-muted">{t`Loading the editor…`}</div>}>
        <OutputEditor
          ref={editor}
          onHasTextChange={setHasOutput}
          onPaste={(text, pasteAsIs) => void paste.handlePaste(text, pasteAsIs)}
        />
      </Suspense>

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
      {pendingLoad ? (
        <ConfirmDialog
          title={t`Replace the endpoints?`}
          confirmLabel={t`Replace`}
          onCancel={() => setPendingLoad(undefined)}
          onConfirm={() => {
            applyLoad(pendingLoad);
            setPendingLoad(undefined);
          }}
        >
          <p>
            <Trans>
              The form has endpoints that were not generated yet. Loading the document replaces all{' '}
              {order.length} of them.
            </Trans>
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
  );
}
