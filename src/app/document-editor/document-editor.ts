/**
 * The generator's editor object: one object owns the page's actions — add,
 * duplicate, remove, Generate, Load (and its confirmation), Apply, the Swagger 2.0 conversion,
 * the upgrade and its undo — over the form's stores and the worker's document session. The page
 * (GeneratorPage) renders `getState()` and the stores, and calls these methods; jobs run through
 * the job runner (src/app/jobs), the record is kept by the workspace (src/app/workspace).
 *
 * What the page provides (the output editor, the open project, the tabs) is connected on every
 * render (`connect`), so an action always reaches the current one.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  ApplyAnswer,
  Endpoint,
  ImportWarning,
  KeptOperation,
  Schema,
} from '../../shared/openapi';
import {
  isEndpointCommand,
  isMetaCommand,
  isSchemaCommand,
  type DocumentCommand,
} from '../../shared/openapi';
import { renameSchema as renameSharedSchema } from '../../shared/openapi/document/schemas';
import { dialectOf } from '../../shared/openapi/openapi-version';
import { baseDialect } from '../../shared/openapi/versions';
import type { RevisionReason } from '../../shared/projects';
import { projectViewStateJson } from '../../shared/projects';
import type { UpgradeTarget } from '../../shared/openapi/document/upgrade';
import {
  CoreCallError,
  isAbortError,
  type GeneratorClient,
  type ParsedDocument,
  type QueuedCommand,
  type Refill,
} from '../core/generator-client';
import { CORE_ERROR_MESSAGES, coreErrorText } from '../core/core-errors';
import { DocumentStore, type OperationWhere } from '../model/document-store';
import { findEndpointId } from '../model/page-links';
import { createEndpoint, duplicateEndpoint, isLoadedAsIs, markLoaded } from '../model/endpoint-ops';
import { EndpointStore } from '../model/endpoint-store';
import { schemaEditCommands } from '../model/schema-commands';
import type { OutputEditorHandle } from '../model/output-handle';
import type { SwaggerConversion, UpgradeOffer } from './offers';
import type { JobRunner } from '../jobs/job-runner';
import { yieldToBrowser } from '../util/slices';
import { COLLAPSE_ABOVE, type RestoredWorkspace } from '../workspace/restore';

/** A document opened for Load while the form has unsaved edits: the user decides. */
export interface PendingLoad {
  parsed: ParsedDocument;
  text: string;
  /** The Swagger 2.0 conversion `text` comes from, when it does. */
  conversion?: SwaggerConversion;
}

export interface EditorState {
  /** The loaded document's import warnings. */
  warnings: ImportWarning[];
  /** The document's operations the form does not show, listed read-only. */
  keptOperations: KeptOperation[];
  pendingLoad: PendingLoad | undefined;
  /** A Swagger 2.0 text offered for conversion. */
  swagger: SwaggerConversion | undefined;
  /** The Swagger 2.0 text the open document was converted from (downloadable). */
  convertedFrom: string | undefined;
  /** An upgrade offered (its changes shown). */
  upgrade: UpgradeOffer | undefined;
  /** The text before the last upgrade, while Undo is offered. */
  upgradedFrom: UpgradeOffer | undefined;
  /** The endpoint to show (opened and scrolled to); the nonce repeats a reveal. */
  revealId: string | undefined;
  revealNonce: number;
  /** The endpoint the user asked to remove (the confirmation shows). */
  removeId: string | undefined;
  /** The output editor holds some text (Load can run). */
  hasOutput: boolean;
}

/** What the page connects: the output editor, the open project, the workspace, the tabs. */
export interface EditorHost {
  output: () => OutputEditorHandle | null;
  startRevision: (reason: RevisionReason) => void;
  saveVersion: (
    content: { content: string; viewStateJson: string | null },
    reason: RevisionReason,
  ) => Promise<boolean>;
  /** The form now holds `views`, opened from `text` (the workspace record follows). */
  adoptLoaded: (text: string, views: readonly Endpoint[]) => void;
  /** The loaded text's shared schemas, read back from the worker (the record's, not edits). */
  adoptSchemas?: (schemas: Record<string, Schema>) => void;
  showTab: (tab: 'form' | 'yaml') => void;
  /** The output editor holds the text the worker's last answer carried (the record needs no copy). */
  outputShowsAnswer?: () => void;
}

const NO_HOST: EditorHost = {
  output: () => null,
  startRevision: () => undefined,
  saveVersion: () => Promise.resolve(false),
  adoptLoaded: () => undefined,
  showTab: () => undefined,
};

/** The commands the form makes and applies itself ({@link DocumentEditor.apply}). */
function isFormCommand(command: DocumentCommand): boolean {
  switch (command.kind) {
    case 'addEndpoint':
    case 'removeEndpoint':
    case 'putEndpoint':
    case 'moveEndpoint':
    case 'setMeta':
      return true;
    default:
      return isEndpointCommand(command) || isMetaCommand(command) || isSchemaCommand(command);
  }
}

export class DocumentEditor {
  readonly store: EndpointStore;
  readonly document = new DocumentStore();
  private state: EditorState = {
    warnings: [],
    keptOperations: [],
    pendingLoad: undefined,
    swagger: undefined,
    convertedFrom: undefined,
    upgrade: undefined,
    upgradedFrom: undefined,
    revealId: undefined,
    revealNonce: 0,
    removeId: undefined,
    hasOutput: false,
  };
  private listeners = new Set<() => void>();
  private host: EditorHost = NO_HOST;
  /** The converted text a Swagger 2.0 conversion is about to load. */
  private convertedText: string | undefined;
  /** Why the next applyLoad happens, when it is not a Load (an upgrade, its undo). */
  private loadReason: RevisionReason | undefined;

  constructor(
    readonly client: GeneratorClient,
    readonly jobs: JobRunner,
    endpoints: Endpoint[],
  ) {
    this.store = new EndpointStore();
    // The endpoints a page starts with are commands too: the worker's new document gets them.
    this.apply(endpoints.map((endpoint) => ({ kind: 'addEndpoint', endpoint })));
    // A calm start: the endpoint a page starts with shows no problem until touched.
    this.store.touched.markBlank(this.store.list());
    this.store.markSaved();
    client.setRefill(this.refill);
  }

  getState = (): EditorState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<EditorState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of [...this.listeners]) listener();
  }

  /** The page's current output editor, project, workspace and tabs. */
  connect(host: EditorHost): void {
    this.host = host;
  }

  // ——— The form ———

  add = (): void => {
    const endpoint = createEndpoint(this.store.size === 0);
    this.store.touched.markFresh([endpoint.id]);
    this.apply({ kind: 'addEndpoint', endpoint, index: this.store.size });
    this.set({ revealId: endpoint.id });
  };

  duplicate = (id: string): void => {
    const source = this.store.getEndpoint(id);
    if (!source) return;
    const copy = duplicateEndpoint(source);
    const index = this.store.getOrder().indexOf(id) + 1;
    this.apply({ kind: 'addEndpoint', endpoint: copy, index });
    this.store.setCollapsed(copy.id, this.store.isCollapsed(id));
    this.set({ revealId: copy.id });
  };

  /** Asks before removing (the confirmation shows). */
  askRemove = (id: string): void => this.set({ removeId: id });
  cancelRemove = (): void => this.set({ removeId: undefined });
  confirmRemove = (): void => {
    const id = this.state.removeId;
    if (id !== undefined) this.apply({ kind: 'removeEndpoint', endpointId: id });
    this.set({ removeId: undefined });
  };

  /**
   * Every edit of the form, as commands that carry their target: an endpoint's field, parameter
   * or a place inside it, a place in the document panel, a shared schema, an endpoint added or
   * removed. The page's cache (the stores) changes at once by the function the worker's session
   * runs (applyToView, applyToMeta, applyToSchemas), so typing never waits for the worker; the
   * command goes to the worker as it is (with the next sync; a schema's before the next text),
   * and the worker's answer (problems, text) is the truth. A command that does not apply (a
   * target gone meanwhile) changes nothing.
   */
  apply = (commands: DocumentCommand | readonly DocumentCommand[]): void => {
    const list: readonly DocumentCommand[] = Array.isArray(commands)
      ? commands
      : [commands as DocumentCommand];
    for (const command of list) {
      const applied = this.applyToCache(command);
      if (applied !== undefined) this.client.queue(applied);
    }
  };

  /**
   * Commands made before, replayed in order (a journal over its stored record): the form's own
   * edits as {@link apply} makes them; a schema renamed in the whole document, and any other
   * command the page does not apply itself, by the worker, the form taking the views it changed.
   */
  replay = async (commands: readonly DocumentCommand[]): Promise<void> => {
    let run: DocumentCommand[] = [];
    for (const command of commands) {
      if (isFormCommand(command)) {
        run.push(command);
        continue;
      }
      this.apply(run);
      run = [];
      if (command.kind === 'renameSchema') {
        await this.renameSchema(command.from, command.to);
        continue;
      }
      try {
        const before = this.store.list();
        this.takeViews(before, await this.client.command([command]));
      } catch (error) {
        console.warn('A journaled command was not applied', command, error);
      }
    }
    this.apply(run);
  };

  /**
   * One command applied to the page's cache (the stores) by the session's own function; answers
   * it as the client queues it, or undefined when it does not apply (its target gone meanwhile).
   */
  private applyToCache(command: DocumentCommand): QueuedCommand | undefined {
    const dialect = dialectOf(this.document.getMeta().openapi) ?? baseDialect();
    if (isEndpointCommand(command)) {
      const [edit] = this.store.applyCommands([command], dialect);
      return edit;
    }
    if (isMetaCommand(command) || isSchemaCommand(command)) {
      return this.document.applyCommands([command]).length === 0 ? undefined : { command };
    }
    switch (command.kind) {
      case 'addEndpoint': {
        const { endpoint } = command;
        if (this.store.getEndpoint(endpoint.id) !== undefined) return undefined;
        const size = this.store.size;
        const index = Math.max(0, Math.min(command.index ?? size, size));
        this.store.insert(endpoint, index);
        return { command: { ...command, index }, after: endpoint };
      }
      case 'removeEndpoint': {
        const before = this.store.getEndpoint(command.endpointId);
        if (before === undefined) return undefined;
        this.store.remove(command.endpointId);
        return { command, before };
      }
      case 'putEndpoint': {
        const before = this.store.getEndpoint(command.endpoint.id);
        if (before === undefined) return undefined;
        this.store.update(before.id, () => command.endpoint);
        return { command, before, after: command.endpoint };
      }
      case 'moveEndpoint': {
        if (!this.store.move(command.endpointId, command.index)) return undefined;
        return { command };
      }
      case 'setMeta': {
        this.document.updateMeta((meta) => ({ ...meta, ...command.meta }));
        return { command };
      }
      default:
        console.warn(`The form does not send ${command.kind} as an edit.`);
        return undefined;
    }
  }

  /**
   * The worker's document is the truth (a CONFLICT, a command it refused): the page's cache
   * takes its views, panel and schemas, then the commands still on their way, applied again.
   */
  private refill = (refill: Refill): void => {
    const collapsed = this.store.getOrder().filter((id) => this.store.isCollapsed(id));
    this.store.setAll(refill.endpoints, collapsed);
    this.document.setAll(refill.meta, refill.schemas);
    for (const command of refill.pending) this.applyToCache(command);
  };

  /** Opens an endpoint's panel and scrolls to it, also when it was the last one revealed. */
  reveal = (id: string | undefined): void => {
    if (id !== undefined) this.store.setCollapsed(id, false);
    this.set({ revealId: id, revealNonce: this.state.revealNonce + 1 });
  };

  /** The panel of the operation under the output editor's cursor. */
  revealOperation = (path: string, method: string): void => {
    const id = findEndpointId(this.store.list(), path, method);
    if (id !== undefined) this.reveal(id);
  };

  setHasOutput = (hasOutput: boolean): void => {
    if (hasOutput !== this.state.hasOutput) this.set({ hasOutput });
  };

  setError = (error: string | undefined): void => this.jobs.setError(error);

  // ——— The worker's document ———

  /**
   * Renames a shared schema (one command to the worker's document). The session
   * rewrites every `$ref` to it in the whole document, bodies named after it included, and
   * answers the views that changed; the form takes them. Where the worker cannot (the form holds
   * an endpoint the document cannot be written with yet), the form renames in its own views.
   */
  renameSchema = async (from: string, to: string): Promise<void> => {
    try {
      const before = this.store.list();
      const answer = await this.client.command([{ kind: 'renameSchema', from, to }]);
      const schemas = await this.client.documentSchemas();
      this.takeViews(before, answer);
      this.document.setSchemas(() => schemas);
      this.host.adoptSchemas?.(schemas);
    } catch (error) {
      // Not writable yet, held by a Load the form has not taken, or superseded: the form renames.
      if (!(error instanceof CoreCallError) && !isAbortError(error)) console.warn(error);
      const endpoints = this.store.list();
      const schemas = this.document.getSchemas();
      const edit = renameSharedSchema(endpoints, schemas, from, to);
      this.apply(schemaEditCommands(endpoints, schemas, edit));
    }
  };

  /**
   * The views a command re-read (a rename): each takes the place of the form's view of its route
   * (its id comes from path and method now). A view the user changed meanwhile keeps the user's
   * edit; one that was as loaded stays so.
   */
  private takeViews(before: readonly Endpoint[], answer: ApplyAnswer): void {
    const key = (e: Endpoint) => `${e.webhook === true ? 'w' : 'p'} ${e.method} ${e.path}`;
    const was = new Map(before.map((e) => [e.id, e]));
    const removed = new Map<string, string>();
    for (const id of answer.removed) {
      const old = was.get(id);
      if (old !== undefined) removed.set(key(old), id);
    }
    const loaded: Endpoint[] = [];
    for (const view of answer.changed) {
      const id = was.has(view.id) ? view.id : removed.get(key(view));
      if (id === undefined) continue;
      const old = was.get(id) as Endpoint;
      if (this.store.getEndpoint(id) !== old) continue;
      if (isLoadedAsIs(old)) loaded.push(view);
      this.store.replace(id, view);
    }
    markLoaded(loaded);
  }

  /** The document text for the form as it is now, rendered in the worker. */
  async renderDocument(
    endpoints: Endpoint[],
    signal: AbortSignal | undefined,
    onProgress?: (done: number, total: number) => void,
  ): Promise<string> {
    // Cancelling drops the answer; the worker and its document stay as they are.
    return this.client.render({ signal, onProgress });
  }

  /**
   * The workspace record: the form synced to the worker's document, whose core then stores the
   * record itself (the text stays there); answers the revision the sync left.
   */
  keepForm = async (): Promise<number | undefined> => {
    const answer = await this.client.sync({ signal: this.jobs.pageSignal });
    return answer?.revision;
  };

  /** A workspace record was put on the screen (a restore, a project shown). */
  shown = (shown: RestoredWorkspace): void => {
    this.set({
      warnings: shown.warnings,
      keptOperations: shown.keptOperations,
      hasOutput: shown.output.trim().length > 0,
    });
  };

  // ——— Generate ———

  generate = (): Promise<void> =>
    this.jobs.run('generate', async () => {
      const endpoints = this.store.list();
      const signal = this.jobs.signal();
      // The queued commands go to the worker's document session (in batches: a long job the
      // user can cancel, which sends no further batch and never stops the worker holding the
      // document); its problems decide, and the same answer carries the text when the
      // document can be generated.
      const synced = await this.client.sync({
        signal,
        onProgress: this.jobs.onProgress,
        text: 'ifValid',
      });
      if (synced === undefined) return;
      this.store.setReport(synced.report);
      if (!synced.report.canGenerate) return;
      const yaml =
        synced.text ?? (await this.renderDocument(endpoints, signal, this.jobs.onProgress));
      // Only what changed is replaced (one edit that Ctrl+Z can undo); a new large document goes
      // in by slices (one 2 MB setValue is a 100 ms task).
      const output = this.host.output();
      await output?.showGenerated(yaml, synced.textRef);
      if (output && synced.text !== undefined) this.host.outputShowsAnswer?.();
      this.host.showTab('yaml');
      this.setHasOutput(yaml.trim().length > 0);
      this.store.markSaved();
    });

  // ——— Load ———

  /**
   * Makes `parsed` (opened from `text`) the form's document: a Load, a conversion, an upgrade
   * or its undo, which starts a new version in the open project's history.
   */
  private applyLoad(parsed: ParsedDocument, text: string): void {
    const converted = text === this.convertedText;
    this.host.startRevision(this.loadReason ?? (converted ? 'convert' : 'load'));
    this.loadReason = undefined;
    this.convertedText = undefined;
    this.document.setAll(parsed.meta, {});
    // The opened document becomes the worker's before anything asks it for its schemas.
    this.client.releaseHold();
    void this.client.documentSchemas().then((schemas) => {
      this.document.setSchemas(() => schemas);
      this.host.adoptSchemas?.(schemas);
    }, console.warn);
    const collapse = parsed.endpoints.length > COLLAPSE_ABOVE;
    markLoaded(parsed.endpoints);
    this.store.setAll(parsed.endpoints, collapse ? parsed.endpoints.map((e) => e.id) : []);
    this.store.markSaved();
    // The workspace record is this text now (kept, and pushed in a project, right after).
    this.host.adoptLoaded(text, parsed.endpoints);
    this.set({
      warnings: parsed.warnings,
      keptOperations: parsed.keptOperations,
      revealId: parsed.endpoints[0]?.id,
      ...(converted ? {} : { convertedFrom: undefined }),
    });
    this.host.showTab('form');
    // The text stays as it was, but is shown from its start (a paste left the view at its end).
    this.host.output()?.showStart();
  }

  /** Load: the output editor's text becomes the form's document (asking first when needed). */
  load = (): Promise<void> =>
    this.jobs.run('load', async () => {
      // A 4 MB editor is read in slices, and sending the text to the worker is a task of its own.
      const text = (await this.host.output()?.readValue()) ?? '';
      await yieldToBrowser();
      let parsed;
      try {
        // Opened in a worker of its own: Cancel stops that one, the open document stays.
        parsed = await this.client.openDocument(text, {
          hold: true,
          signal: this.jobs.signal(),
          onProgress: this.jobs.onProgress,
        });
      } catch (failure) {
        if (!(failure instanceof CoreCallError) || failure.code !== 'SWAGGER_2') throw failure;
        // Swagger 2.0: say what it is and offer the conversion; nothing changes yet.
        const converted = await this.client.convertSwagger2(text, { signal: this.jobs.signal() });
        this.set({ swagger: { original: text, ...converted } });
        return;
      }
      // The form's first render in a task of its own, not after the worker's last answer.
      await yieldToBrowser();
      if (this.store.hasUnsavedChanges()) this.set({ pendingLoad: { parsed, text } });
      else this.applyLoad(parsed, text);
    });

  /** "Replace the endpoints?" answered Replace. */
  confirmLoad = (): void => {
    const pending = this.state.pendingLoad;
    if (pending === undefined) return;
    this.set({ pendingLoad: undefined });
    const { parsed, text, conversion } = pending;
    if (conversion === undefined) this.applyLoad(parsed, text);
    else {
      this.applyConversion(parsed, conversion).catch((failure: unknown) =>
        this.jobs.setError(describeFailure(failure)),
      );
    }
  };

  /** "Replace the endpoints?" answered Cancel: the form stays, so does its document. */
  cancelLoad = (): void => {
    const pending = this.state.pendingLoad;
    if (pending === undefined) return;
    // The opened document's worker stops; the open document was never touched.
    this.client.dropCandidate();
    this.set({ pendingLoad: undefined });
  };

  // ——— Swagger 2.0 ———

  /**
   * Makes the converted document the document. In a project the Swagger text is
   * saved first, as the version before the conversion; the converted document's own version
   * (`convert`) follows. The output shows the converted text after the form has it.
   */
  private async applyConversion(
    parsed: ParsedDocument,
    conversion: SwaggerConversion,
  ): Promise<void> {
    const { original, text } = conversion;
    await this.host.saveVersion(
      { content: original, viewStateJson: projectViewStateJson(original, original) },
      'load',
    );
    this.set({ convertedFrom: original });
    this.convertedText = text;
    this.applyLoad(parsed, text);
    await this.host.output()?.showGenerated(text);
    this.setHasOutput(text.trim().length > 0);
  }

  /** Accepting the conversion: the converted text is opened, then becomes the document. */
  convertSwagger = (): void => {
    const conversion = this.state.swagger;
    if (conversion === undefined) return;
    this.set({ swagger: undefined });
    void this.jobs.run('load', async () => {
      const parsed = await this.client.openDocument(conversion.text, {
        hold: true,
        signal: this.jobs.signal(),
      });
      await yieldToBrowser();
      if (this.store.hasUnsavedChanges()) {
        this.set({ pendingLoad: { parsed, text: conversion.text, conversion } });
      } else await this.applyConversion(parsed, conversion);
    });
  };

  cancelSwagger = (): void => this.set({ swagger: undefined });

  // ——— Upgrade ———

  /** Upgrade to 3.1/3.2: the document as the form has it, then the changes shown. */
  upgrade = (target: UpgradeTarget): void =>
    void this.jobs.run('load', async () => {
      const signal = this.jobs.signal();
      const before = await this.renderDocument(this.store.list(), signal);
      const result = await this.client.upgradeOpenApi(before, target, { signal });
      this.set({ upgrade: { target, before, ...result } });
    });

  cancelUpgrade = (): void => this.set({ upgrade: undefined });

  applyUpgrade = (): void => {
    const offer = this.state.upgrade;
    if (offer === undefined) return;
    this.set({ upgrade: undefined, upgradedFrom: offer });
    void this.replaceDocument(offer.text, 'upgrade', offer.before);
  };

  undoUpgrade = (): void => {
    const offer = this.state.upgradedFrom;
    if (offer === undefined) return;
    this.set({ upgradedFrom: undefined });
    void this.replaceDocument(offer.before, 'restore');
  };

  /**
   * Opens `text` as the document in one step (an upgrade or its undo), output included. In a
   * project, `before` (the document the upgrade was made from, unsaved form edits included) is
   * saved first, so the version before the upgrade is exactly what it changed.
   */
  private replaceDocument(text: string, reason: RevisionReason, before?: string): Promise<void> {
    return this.jobs.run('load', async () => {
      if (before !== undefined) {
        await this.host.saveVersion(
          { content: before, viewStateJson: projectViewStateJson(before, before) },
          'autosave',
        );
      }
      const parsed = await this.client.openDocument(text, {
        hold: true,
        signal: this.jobs.signal(),
      });
      await yieldToBrowser();
      this.loadReason = reason;
      this.applyLoad(parsed, text);
      await this.host.output()?.showGenerated(text);
      this.setHasOutput(text.trim().length > 0);
    });
  }

  // ——— The document panel's links ———

  /** Shows an operation in the YAML (highlighted), or says it is not there yet. */
  showInYaml = (path: string, method: string, where?: OperationWhere): void => {
    this.host.showTab('yaml');
    const output = this.host.output();
    void output?.findOperation(path, method, where).then((range) => {
      if (range) output.revealLines(range.startLine, range.endLine);
      else {
        this.jobs.setError(
          i18n._(msg`This endpoint is not in the YAML yet: generate the document first.`),
        );
      }
    });
  };

  /** Apply: an operation edited in the YAML replaces its panel (a version of its own). */
  applyOperation = (path: string, method: string): void =>
    void this.jobs.run('load', async () => {
      this.host.startRevision('apply');
      const text = (await this.host.output()?.readValue()) ?? '';
      const views = await this.client.readEndpoints(text, { signal: this.jobs.pageSignal });
      const source = views.find(
        (e: Endpoint) => e.path === path && e.method.toLowerCase() === method.toLowerCase(),
      );
      const id = findEndpointId(this.store.list(), path, method);
      if (source === undefined || id === undefined) {
        this.jobs.setError(i18n._(msg`This endpoint is not in the YAML: nothing to apply.`));
        return;
      }
      this.apply({ kind: 'putEndpoint', endpoint: { ...source, id } });
    });
}

/** What the page says about a failed job: a core error (with its line) or the generic one. */
export function describeFailure(failure: unknown): string {
  if (failure instanceof CoreCallError) {
    const text = coreErrorText(failure.info);
    const { line, column } = failure.info;
    return line === undefined
      ? text
      : `${text} ${i18n._(msg`Line ${line}, column ${column ?? 1}`)}`;
  }
  return i18n._(CORE_ERROR_MESSAGES.INTERNAL);
}
