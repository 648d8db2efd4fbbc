/**
 * The page's side of a workspace record: restores the browser's own workspace from
 * its record (after the one-time migration of older storage), shows a project's record, and
 * has the document's core keep the record as the user works, 400 ms after a change of the form,
 * the document panel, a panel's collapse or the output editor; on leaving the page (`pagehide`,
 * a hidden tab) the commands since the stored record go to a synchronous journal (journal.ts: the
 * store's write may not outlive the page), replayed by the next page over that record.
 *
 * Both the browser's own workspace and a project's put their record in the one store. A
 * project's is marked pending until the server has it: project sync sends the body the core
 * builds from it ({@link Workspace.keeper}).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { DocumentCommand, Endpoint } from '../../shared/openapi';
import { newDocumentMeta } from '../../shared/openapi/document/meta';
import { isAbortError, type GeneratorClient } from '../core/generator-client';
import { createEndpoint, markLoaded } from '../model/endpoint-ops';
import type { EndpointStore } from '../model/endpoint-store';
import type { DocumentStore } from '../model/document-store';
import type { OutputEditorHandle } from '../model/output-handle';
import { workspacesReady } from './ready';
import type { ProjectKeeper, UploadBody } from './project-keeper';
import { PageViewSender, type PageSide } from './page-view';
import { schemaCommands } from '../../shared/workspace/record-commands';
import { COLLAPSE_ABOVE, restoreWorkspace, type RestoredWorkspace } from './restore';
import {
  clearJournal,
  JOURNAL_STORE_AT_CHARS,
  journalLoss,
  journalReplay,
  recordWithJournal,
  writeJournal,
  type JournalReplay,
} from './journal';
import { readViewState, type WorkspaceViewState } from './view-state';
import { projectWorkspace, workspaceStore } from './workspace-store';

/** Quiet time after a change before the record is kept. */
export const RECORD_SAVE_DEBOUNCE_MS = 400;

export interface WorkspaceOptions {
  /** `local` (the browser's own) or `project:<id>`. */
  name: string;
  /** A project's page: its record comes from project sync, and goes back to it. */
  inProject: boolean;
  store: EndpointStore;
  documentStore: DocumentStore;
  client: GeneratorClient;
  editor: RefObject<OutputEditorHandle | null>;
  editorReady: boolean;
  /**
   * Sends the queued commands to the worker's document (whose core then stores the record);
   * answers the revision the sync left.
   */
  keep: () => Promise<number | undefined>;
  /** A record was put on the screen: the page takes what it shows beside the form. */
  onShown: (shown: RestoredWorkspace) => void;
  /** Edits the form by commands (the editor object's `apply`): a restore's drafts go so. */
  apply: (commands: readonly DocumentCommand[]) => void;
  /**
   * Replays a journal's commands as the editor made them (the editor object's `replay`: its own
   * edits by `apply`, a schema renamed in the whole document by the worker); default `apply`.
   */
  replay?: (commands: readonly DocumentCommand[]) => Promise<void>;
}

export interface Workspace {
  /** The browser's own record is being read and opened. */
  restoring: boolean;
  /** Call on every change of the output editor (its text goes with the next record). */
  changed: () => void;
  /** The output editor holds exactly the text the core answered last (Generate). */
  outputShowsAnswer: () => void;
  /**
   * The edits made before the page last went away, since this time, could not be kept (too large
   * for the journal); undefined when nothing was lost.
   */
  lostSince: number | undefined;
  /** The user read the message of {@link lostSince}. */
  dismissLost: () => void;
  /**
   * Puts a record on the screen (a project's, from the server or this device); `journal`: the
   * commands made over that stored record before the page went away, replayed after it.
   */
  show: (
    text: string,
    viewState: WorkspaceViewState | string | null,
    journal?: JournalReplay,
  ) => Promise<void>;
  /** The form now holds `views`, opened from `text` (a Load, a conversion, an upgrade). */
  adoptLoaded: (text: string, views: readonly Endpoint[]) => void;
  /** A project's record, as its sync reaches it (the core keeps it). */
  keeper: (projectId: string) => ProjectKeeper;
  /** The record stored now, as the body of a new project named `name` (Save as a project). */
  newProjectBody: (name: string) => Promise<UploadBody | undefined>;
}

export function useWorkspace(options: WorkspaceOptions): Workspace {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { name, inProject, store, documentStore, client, editor, editorReady } = options;
  const [restoring, setRestoring] = useState(!inProject);
  const [pageView] = useState(() => new PageViewSender());
  const [lostSince, setLostSince] = useState<number | undefined>(undefined);
  /** A project's: the server revision its record is based on (null: the browser's own). */
  const baseRevision = useRef<number | null>(null);
  /**
   * The output editor's handle, also while leaving the page: the ref is detached before this
   * hook's last save, and the editor itself is disposed after it (a child's cleanup).
   */
  const lastHandle = useRef<OutputEditorHandle | null>(null);
  const editorHandle = () => latest.current.editor.current ?? lastHandle.current;
  /** The page's side of the record (page-view.ts). */
  const page: PageSide = {
    collapsed: () =>
      store
        .list()
        .filter((endpoint) => store.isCollapsed(endpoint.id))
        .map((endpoint) => endpoint.id),
    readOutput: async () => {
      const handle = editorHandle();
      return latest.current.editorReady && handle ? handle.readValue() : undefined;
    },
    outputNow: () => {
      const handle = editorHandle();
      return latest.current.editorReady && handle ? handle.getValue() : undefined;
    },
    // The queued commands go to the worker's document, whose core then stores the record with
    // the page's part; the text never crosses to the page.
    sync: () => latest.current.keep(),
  };
  /** Records are kept one at a time (the debounced keep, a project's save, a new project). */
  const keeping = useRef<Promise<unknown>>(Promise.resolve());
  const keepNow = useCallback(() => {
    const next = keeping.current.then(async () => {
      const kept = await pageView.store(latest.current.client, page);
      if (kept !== undefined) clearJournal(name, kept.savedAt);
      return kept;
    });
    keeping.current = next.catch(() => undefined);
    return next;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageView, name, store]);
  /** The output a shown record puts in the editor once it is ready. */
  const pendingOutput = useRef<string | undefined>(undefined);
  /**
   * Settles once the output of the record shown last is in the editor: a project shown before
   * the editor was ready waits for it, so that its filling is not taken for an edit to save.
   */
  const outputIn = useRef<{ promise: Promise<void>; resolve: () => void } | undefined>(undefined);
  const expectOutput = (output: string) => {
    pendingOutput.current = output;
    outputIn.current?.resolve();
    let resolve: () => void = () => undefined;
    const promise = new Promise<void>((settle) => (resolve = settle));
    outputIn.current = { promise, resolve };
  };
  useEffect(() => () => outputIn.current?.resolve(), []);
  /** Saving waits for a restore: the empty page it starts from is never saved over a record. */
  const active = useRef(false);
  const saver = useRef<{ changed: () => void; saveNow: () => void; storeNow: () => void }>({
    changed: () => undefined,
    saveNow: () => undefined,
    storeNow: () => undefined,
  });

  /**
   * Puts a restored record on the screen; answers once the text's shared schemas are read back
   * (a project's baseline record is stored after that, so the read-back is not a change to save).
   */
  const apply = (shown: RestoredWorkspace, replayed = false): Promise<void> => {
    markLoaded(shown.opened);
    const endpoints = shown.endpoints;
    // A text shown without a view state of its own (a project saved elsewhere) is collapsed as
    // a Load collapses it.
    const collapsed =
      shown.collapsed ??
      (endpoints.length > COLLAPSE_ABOVE ? endpoints.map((endpoint) => endpoint.id) : []);
    // The page's cache takes the opened document as the worker has it ...
    store.setAll(shown.opened, collapsed);
    documentStore.setAll(shown.textMeta ?? newDocumentMeta(), {});
    client.releaseHold();
    pageView.reset();
    // ... and the drafts go as commands, to the cache and the worker alike.
    const commands = [...shown.drafts];
    // A form is never empty (spec §4): one endpoint, calm until touched (a journal replayed
    // after it brings the one it had: see replay).
    if (endpoints.length === 0 && !replayed)
      commands.push({ kind: 'addEndpoint', endpoint: createEndpoint(true) });
    latest.current.apply(commands);
    store.touched.markBlank(store.list());
    store.markSaved();
    expectOutput(shown.output);
    latest.current.onShown(shown);
    // The text's shared schemas are read from the worker; a draft set goes as commands over it.
    const draft = shown.schemas;
    return client.documentSchemas().then((schemas) => {
      documentStore.setSchemas(() => schemas);
      if (draft !== undefined) latest.current.apply(schemaCommands(schemas, draft));
    }, console.warn);
  };

  /**
   * The journal's commands over the shown record (made before the page went away, not stored),
   * applied as the editor applies any command, with the panels and the output editor's text.
   */
  const replay = async (journal: JournalReplay): Promise<void> => {
    const { apply: edit, replay: replayCommands } = latest.current;
    await (replayCommands ?? ((commands) => Promise.resolve(edit(commands))))(journal.commands);
    // A form is never empty (spec §4).
    if (store.size === 0) edit([{ kind: 'addEndpoint', endpoint: createEndpoint(true) }]);
    // As a record shown: an endpoint with no path yet is calm until touched.
    store.touched.markBlank(store.list());
    const collapsed = new Set(journal.collapsed);
    for (const endpoint of store.list()) {
      if (store.isCollapsed(endpoint.id) !== collapsed.has(endpoint.id)) {
        store.setCollapsed(endpoint.id, collapsed.has(endpoint.id));
      }
    }
    if (journal.output !== undefined) {
      expectOutput(journal.output);
      pageView.outputChanged();
    }
  };

  // The browser's own workspace: its record is read (older storage migrated first) and opened.
  useEffect(() => {
    if (inProject) {
      active.current = true;
      return;
    }
    const abort = new AbortController();
    void (async () => {
      await workspacesReady();
      // With what the page wrote as it went away, when the store did not get it (journal.ts).
      const record = await recordWithJournal(workspaceStore(), name);
      // The commands made over that record before the page went away, applied once it is shown.
      const journal = journalReplay(name, record);
      const lost = journalLoss(name, record);
      if (lost !== undefined) setLostSince(lost);
      if (abort.signal.aborted) return;
      // This page holds the browser's own workspace: the document's core keeps its record.
      client.keepRecord({ name, baseRevision: null }, workspaceStore());
      if (record === undefined) {
        // A new workspace starts with one endpoint (spec §4), calm until touched.
        client.setSource('');
        store.setAll([]);
        latest.current.apply([{ kind: 'addEndpoint', endpoint: createEndpoint(true) }]);
        store.touched.markBlank(store.list());
        store.markSaved();
      } else {
        const shown = await restoreWorkspace(client, record.text, readViewState(record.viewState), {
          signal: abort.signal,
          hold: true,
        });
        if (abort.signal.aborted) return;
        const schemasRead = apply(shown, journal !== undefined);
        // The record's drafts queued so far are the record; the journal's commands follow it.
        client.recordBase(record.savedAt);
        if (journal !== undefined) {
          // After the shared schemas' drafts: the journal's commands were made after them.
          await schemasRead;
          if (abort.signal.aborted) return;
          await replay(journal);
        }
      }
      active.current = true;
      setRestoring(false);
      // A new workspace's record is stored at once (see storeNow).
      if (record === undefined) saver.current.storeNow();
    })().catch((failure: unknown) => {
      if (isAbortError(failure) || abort.signal.aborted) return;
      console.warn('The workspace was not restored', failure);
      active.current = true;
      setRestoring(false);
    });
    return () => {
      abort.abort();
      client.keepRecord(undefined);
    };
    // Once per page instance (a workspace is one instance, keyed by its name).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A shown record's output goes into the editor once it is ready.
  useEffect(() => {
    const handle = editor.current;
    if (handle !== null) lastHandle.current = handle;
    const output = pendingOutput.current;
    if (!editorReady || handle === null || output === undefined) return;
    pendingOutput.current = undefined;
    const taken = outputIn.current;
    void handle.setValueInSlices(output).finally(() => taken?.resolve());
  });

  // Keeping the record: debounced after changes, at once on leaving.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let again = false;
    let alive = true;
    const save = async () => {
      timer = undefined;
      if (!active.current) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        // The document's core stores the record; the text does not cross to the page.
        await keepNow();
        if (pageView.resend) {
          pageView.resend = false;
          again = true;
        }
      } catch (failure) {
        if (!isAbortError(failure)) console.warn('The workspace record was not built', failure);
      } finally {
        running = false;
        if (again && alive) {
          again = false;
          changed();
        }
      }
    };
    const changed = () => {
      if (!alive) return;
      clearTimeout(timer);
      // Commands nearing a journal entry's budget (a long paste, a Load's text before its first
      // store): the record is stored at once, which cuts the log.
      const now = active.current && latest.current.client.journalChars() > JOURNAL_STORE_AT_CHARS;
      timer = setTimeout(() => void save(), now ? 0 : RECORD_SAVE_DEBOUNCE_MS);
    };
    /** Leaving: the form's drafts over the record stored last (nothing async finishes). */
    const saveNow = () => {
      if (!active.current) return;
      if (timer === undefined && !running) return;
      clearTimeout(timer);
      timer = undefined;
      // Written at once: nothing async finishes as the page goes away; the core's own write
      // follows when the page stays. The commands since the stored record, for the browser's own
      // workspace and a project's alike (a project's pending change is uploaded from the record
      // they rebuild). A store in flight may land after the entry: the entry is then rebased on
      // it (journal.ts).
      const entry = pageView.journal(latest.current.client, page, baseRevision.current);
      // Nothing since the stored record (a change that was undone, the editor filled with the
      // record's own text): no entry, which a project would send again as a change on reopening.
      if (running || !pageView.carriesNothing(entry)) writeJournal(name, entry);
      if (alive) void save();
    };
    /**
     * A text became the form's (a Load, a new workspace): its record is stored at once, not after
     * the pause, so that the journal of a page left right after has a stored record to build on.
     */
    const storeNow = () => {
      if (!alive) return;
      clearTimeout(timer);
      timer = undefined;
      void save();
    };
    saver.current = { changed, saveNow, storeNow };
    const offs = [
      store.subscribeChange(changed),
      store.subscribeCollapsed(changed),
      documentStore.subscribe(changed),
      documentStore.subscribeSchemas(changed),
    ];
    // A hidden tab may be discarded without a pagehide (phones).
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    window.addEventListener('pagehide', saveNow);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      document.removeEventListener('visibilitychange', onVisibility);
      for (const off of offs) off();
      saveNow();
      alive = false;
      clearTimeout(timer);
      saver.current = {
        changed: () => undefined,
        saveNow: () => undefined,
        storeNow: () => undefined,
      };
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, pageView, store, documentStore, keepNow]);

  return {
    restoring,
    changed: () => {
      pageView.outputChanged();
      saver.current.changed();
    },
    outputShowsAnswer: () => pageView.outputShowsAnswer(),
    lostSince,
    dismissLost: () => setLostSince(undefined),
    show: async (text, viewState, journal) => {
      // A project's page closed with edits too large to journal: said once, as it opens again.
      const lost = journalLoss(name, undefined);
      if (lost !== undefined) setLostSince(lost);
      const shown = await restoreWorkspace(client, text, readViewState(viewState), {
        hold: true,
      });
      const schemasRead = apply(shown, journal !== undefined);
      if (journal !== undefined) {
        // The stored record the journal builds on is the one shown: the log starts after its
        // drafts, and its commands follow them.
        client.recordBase(journal.base);
        await schemasRead;
        await replay(journal);
      }
      // The editor takes it now: project sync does not count the filling-in as an edit.
      const handle = editor.current;
      if (latest.current.editorReady && handle !== null) {
        const output = pendingOutput.current ?? shown.output;
        pendingOutput.current = undefined;
        await handle.setValueInSlices(output);
        outputIn.current?.resolve();
      } else {
        // The editor is not ready yet: it takes the output once it is (the effect above), and
        // the record counts as shown after that, so that project sync does not save its filling.
        await outputIn.current?.promise;
      }
      // Nor the shared schemas read back from the text (under load they come after the editor).
      await schemasRead;
    },
    adoptLoaded: () => {
      pageView.reset();
      saver.current.storeNow();
    },
    keeper: (projectId) => ({
      target: (revision) => {
        baseRevision.current = revision;
        client.keepRecord(
          { name: projectWorkspace(projectId), baseRevision: revision, pending: true },
          workspaceStore(),
        );
      },
      record: async () => (await keepNow())?.savedAt,
      body: (fields) => client.recordUploadBody(fields),
      sent: async (revision, savedAt) => {
        baseRevision.current = revision;
        await client.recordSent(revision, savedAt);
      },
      subscribe: (listener) =>
        client.subscribeRecord((stored) => {
          if (stored.baseRevision !== null) listener(stored.savedAt);
        }),
      release: () => client.keepRecord(undefined),
    }),
    newProjectBody: async (projectName) => {
      await keepNow();
      return (await client.recordUploadBody({ name: projectName }))?.body;
    },
  };
}
