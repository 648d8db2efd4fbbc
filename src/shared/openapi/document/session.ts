/**
 * The worker's document session: the open document edited by commands that carry
 * their target ("set the summary of endpoint X", "remove parameter 2 of endpoint Y", "rename
 * schema A to B"), instead of whole views sent back to be diffed.
 *
 * - Every `apply(commands, baseRevision)` is one batch: all of its commands apply, or none do
 *   (a failing command leaves the document as it was). Each applied batch raises the revision by
 *   one; a batch built on another revision is refused with CONFLICT, so a superseded caller
 *   knows (it re-reads instead of overwriting a newer edit).
 * - The answer carries what changed: the endpoint views these commands changed, the ids they
 *   removed, the new order when it changed, and the spec §5 problems of what changed (the
 *   changed endpoints, and every other endpoint whose issues changed with them, such as the
 *   other half of a new duplicate). The text is rendered only when asked (`text: true`, or
 *   {@link DocumentSession.text}).
 * - The text is the existing minimal-splice render of the document (openapi-document.ts): a
 *   one-field edit is a one-line change of the loaded text.
 * - Renaming a shared schema rewrites every `$ref` to it in the whole document (operations,
 *   other schemas, `components.responses` and the rest) and re-reads the views from the new
 *   text; `load` and `adoptText` open a text the same way. The views' ids are derived from path
 *   and method, so an unchanged endpoint keeps its id and is not reported as changed.
 *
 * The form's endpoint order (moveEndpoint, and where addEndpoint puts a new one) is the views'
 * order; the text keeps operations where they are written (a new operation goes under its path,
 * or at the end of `paths`). Pure TypeScript, no DOM: the worker runs it, tests call it directly.
 */
import { emptyFormState, formStateOf, type FormState } from '../lint/form-state';
import {
  CHECK_BUDGET_MS,
  CheckDeadline,
  systemClock,
  type CheckSlice,
  type Clock,
} from '../check-budget';
import { CoreError } from '../errors';
import type { Endpoint, Schema } from '../model';
import { isObject, own, setOwn, type JsonObject } from '../openapi-common';
import { dialectOf } from '../openapi-version';
import {
  EndpointValidator,
  validationProjection,
  type EndpointIssue,
  type EndpointToValidate,
} from '../validate-endpoints';
import type { DocumentMeta } from './meta';
import {
  documentData,
  documentFlavor,
  parseOpenApi,
  renderOpenApi,
  renderOpenApiWith,
  sameView,
  type OpenApiDocument,
} from './openapi-document';
import { checkSchemaRename, renameSchema, renameSchemaInData, SchemaNameError } from './schemas';
import { validateMeta, type MetaIssue } from './validate-meta';
import { applyToView, clampIndex, type EndpointCommand } from './view-commands';
import {
  applyToMeta,
  applyToSchemas,
  type MetaCommand,
  type MetaRoot,
  type SchemaCommand,
} from './meta-commands';

/** One edit of the open document, carrying its target. */
export type DocumentCommand =
  /** An edit of one endpoint's view: a field, a parameter, a place inside it (view-commands.ts). */
  | EndpointCommand
  /** Replaces one endpoint's view whole (a view read anew from text: Apply). */
  | { kind: 'putEndpoint'; endpoint: Endpoint }
  /** Adds a new endpoint at `index` of the form's order (the end when absent). */
  | { kind: 'addEndpoint'; endpoint: Endpoint; index?: number }
  | { kind: 'removeEndpoint'; endpointId: string }
  /** Moves an endpoint to `index` of the form's order (the text keeps its place; see above). */
  | { kind: 'moveEndpoint'; endpointId: string; index: number }
  /** Sets document-panel fields (info, servers, security, securitySchemes, tags, openapi). */
  | { kind: 'setMeta'; meta: Partial<DocumentMeta> }
  /** Sets a place inside the document panel (meta-commands.ts). */
  | MetaCommand
  /** Adds, replaces or removes one shared schema (`components.schemas`, meta-commands.ts). */
  | SchemaCommand
  /** Renames a shared schema and every `$ref` that points at it. */
  | { kind: 'renameSchema'; from: string; to: string }
  /** Opens a text as the document (Load): the views start over as loaded. */
  | { kind: 'load'; text: string }
  /** The output editor's text becomes the document (edited views stay marked as edited). */
  | { kind: 'adoptText'; text: string }
  /**
   * These views are as loaded again (their problems are warnings), e.g. the page
   * recognised a restored view as the kept document's. Changes no text.
   */
  | { kind: 'markLoaded'; endpointIds: string[] };

/** Spec §5 problems of what a batch changed. */
export interface SessionProblems {
  /**
   * Issues by endpoint id, for the changed endpoints and every endpoint whose issues changed
   * with them (an empty list: it has none now). Endpoints not listed keep the issues they had.
   */
  issues: Record<string, EndpointIssue[]>;
  /** Ids of all endpoints that share method and path with another (the whole document). */
  duplicateIds: string[];
  /** Spec §5 "Generate is enabled" for the whole document. */
  canGenerate: boolean;
  /** The document panel's issues, when the batch changed the panel (or opened a text). */
  meta?: MetaIssue[];
}

/** What an applied batch answers. */
export interface ApplyAnswer {
  /** The document's revision after the batch (the next batch's `baseRevision`). */
  revision: number;
  /** The views these commands changed or added, as they are now. */
  changed: Endpoint[];
  /** Ids of the endpoints these commands removed (or that a new text no longer has). */
  removed: string[];
  /** The form's endpoint order (all ids), when the batch changed it. */
  order?: string[];
  /** Shared schema names in order, when the batch changed them. */
  schemaNames?: string[];
  /** The document panel, when the batch changed it. */
  meta?: DocumentMeta;
  /** Whether the text changed (fetch it with `text`, or ask for it with the batch). */
  textChanged: boolean;
  /** The document's text, when the batch asked for it. */
  text?: string;
  problems: SessionProblems;
}

export interface ApplyOptions {
  /**
   * Render and return the text with the answer. `'ifValid'`: only when the document can be
   * generated after the batch (spec §5); an invalid form answers its problems without a text.
   */
  text?: boolean | 'ifValid';
  /**
   * `'all'`: the answer's problems list the issues of every endpoint, not only of what changed
   * (a caller that starts over, e.g. after the document was opened again).
   */
  problems?: 'all';
}

/** The session's commands build new views and never change one in place. */
const REPLACED = { viewsReplaced: true } as const;

/** The open document and its revision, edited by {@link DocumentCommand}s. */
export class DocumentSession {
  /**
   * The clock and budgets of the checks each batch runs (check-budget.ts): a test
   * injects its own clock to make a check slow.
   */
  constructor(
    private readonly checks: { clock?: Clock; budgets?: Partial<Record<CheckSlice, number>> } = {},
  ) {}

  /** A deadline for one check slice of this batch, starting now. */
  private deadline(slice: CheckSlice): CheckDeadline {
    const budget = this.checks.budgets?.[slice] ?? CHECK_BUDGET_MS[slice];
    return new CheckDeadline(budget, this.checks.clock ?? systemClock);
  }

  private doc: OpenApiDocument | undefined;
  private rev = 0;
  /** Ids of views edited since the text was loaded (the others are "as loaded"). */
  private edited = new Set<string>();
  /** The last issues reported per endpoint id, as JSON (to report only what changed). */
  private reported = new Map<string, string>();
  private projections = new WeakMap<Endpoint, EndpointToValidate>();
  /** The spec §5 rules kept up to date batch by batch (undefined: to be built from scratch). */
  private validator: EndpointValidator | undefined;
  /** Ids whose "edited" mark changed since the last problems (their issues change kind). */
  private flipped = new Set<string>();
  private rendered: { revision: number; text: string } | undefined;
  /** Whether {@link reported} holds the issues of the open document (seeded on first apply). */
  private seeded = false;

  /** The text a command last opened as the document (load, adoptText, renameSchema). */
  openedText: string | undefined;

  /** The revision of the open document (0 before anything is open). */
  get revision(): number {
    return this.rev;
  }

  /** The open document, if any. */
  get document(): OpenApiDocument | undefined {
    return this.doc;
  }

  /** The open document; NO_DOCUMENT when none is (a restarted worker). */
  current(): OpenApiDocument {
    if (this.doc === undefined) throw new CoreError('NO_DOCUMENT', 'No document is open.');
    return this.doc;
  }

  /** Opens a document (openDocument, newDocument): a new revision, every view as loaded. */
  open(doc: OpenApiDocument): void {
    this.doc = doc;
    this.edited = new Set();
    this.reported = new Map();
    this.validator = undefined;
    this.seeded = false;
    this.openedText = undefined;
    this.rev += 1;
    this.rendered = undefined;
    // The rules' indexes are built with the document, not on its first edit: the first
    // keystroke on a 22,000-operation document then costs what the next ones cost.
    this.problems(doc, [], [], false);
    this.seeded = true;
  }

  /**
   * The document was changed by a whole-set call (`setSchemas` of the core API):
   * a new revision, so a command batch built before it is refused.
   */
  changedOutside(editedIds: Iterable<string> = []): void {
    for (const id of editedIds) this.markEdited(id);
    this.rev += 1;
    this.rendered = undefined;
  }

  /**
   * The form's state the lint reads with the text (lint/form-state.ts): the issues of the form's
   * own rules the validation holds now, at each endpoint's place.
   */
  formState(): FormState {
    const doc = this.current();
    const validator = this.validator;
    if (validator === undefined) return emptyFormState();
    return formStateOf(doc.endpoints, (id) => validator.issuesOf(id));
  }

  /** The document's text at the current revision (rendered once per revision). */
  text(): { revision: number; text: string } {
    const doc = this.current();
    if (this.rendered?.revision !== this.rev) {
      this.rendered = { revision: this.rev, text: renderOpenApi(doc, REPLACED) };
    }
    return this.rendered;
  }

  /**
   * Applies a batch of commands built on `baseRevision`. Throws CoreError (CONFLICT for a stale
   * revision, UNKNOWN_TARGET for an endpoint, parameter or schema that is not there,
   * INVALID_INPUT for a command that cannot apply); the document is then unchanged.
   */
  apply(commands: readonly DocumentCommand[], baseRevision: number, options: ApplyOptions = {}) {
    if (baseRevision !== this.rev) {
      throw new CoreError(
        'CONFLICT',
        `The document is at revision ${this.rev}, not ${baseRevision}: it changed meanwhile.`,
      );
    }
    if (!Array.isArray(commands)) throw new CoreError('INVALID_INPUT', 'Commands are a list.');
    const start = this.current();
    if (!this.seeded) {
      // The issues the caller saw before its first batch, so that only changes are reported.
      this.problems(start, [], [], false);
      this.seeded = true;
    }
    const saved = {
      doc: start,
      endpoints: start.endpoints,
      meta: start.meta,
      schemas: start.schemas,
      version: start.version,
      dialect: start.dialect,
      edited: new Set(this.edited),
    };
    const before = new Map(start.endpoints.map((endpoint) => [endpoint.id, endpoint]));
    const batch = new Batch(start);
    let text: string | undefined;
    try {
      for (const command of commands) batch.apply(command, this);
      if (batch.mayDropRefs) dropCollectedSchemas(batch);
      // Rendered before the batch counts: a text that cannot be written undoes the batch.
      if (options.text === true) {
        text =
          !batch.textChanged && this.rendered?.revision === this.rev
            ? this.rendered.text
            : renderOpenApi(batch.doc, REPLACED);
      }
    } catch (error) {
      this.undo(saved);
      throw error;
    }
    const committed = { rev: this.rev, openedText: this.openedText, rendered: this.rendered };
    this.doc = batch.doc;
    if (batch.openedText !== undefined) this.openedText = batch.openedText;
    this.rev += 1;
    try {
      return this.answer(batch, before, text, options);
    } catch (error) {
      // A check that fails on what the batch made (a malformed view given whole) undoes the
      // batch, as a failure while applying it does: the session never holds a document its
      // answer did not describe, and the next batch is checked from scratch.
      this.undo(saved);
      this.rev = committed.rev;
      this.openedText = committed.openedText;
      this.rendered = committed.rendered;
      this.validator = undefined;
      this.flipped.clear();
      throw error;
    }
  }

  /** Puts the document as it was before a batch (`saved`: what `apply` kept of it). */
  private undo(saved: {
    doc: OpenApiDocument;
    endpoints: OpenApiDocument['endpoints'];
    meta: OpenApiDocument['meta'];
    schemas: OpenApiDocument['schemas'];
    version: OpenApiDocument['version'];
    dialect: OpenApiDocument['dialect'];
    edited: Set<string>;
  }): void {
    Object.assign(saved.doc, {
      endpoints: saved.endpoints,
      meta: saved.meta,
      schemas: saved.schemas,
      version: saved.version,
      dialect: saved.dialect,
    });
    this.doc = saved.doc;
    this.edited = saved.edited;
  }

  /** The answer of a batch just made the document (its problems, views and text as asked). */
  private answer(
    batch: Batch,
    before: ReadonlyMap<string, Endpoint>,
    text: string | undefined,
    options: ApplyOptions,
  ): ApplyAnswer {
    const doc = batch.doc;

    const changed: Endpoint[] = [];
    const present = new Set<string>();
    for (const endpoint of doc.endpoints) {
      present.add(endpoint.id);
      const old = before.get(endpoint.id);
      if (old === endpoint) continue;
      if (old !== undefined && batch.reopened && sameView(old, endpoint)) continue;
      changed.push(endpoint);
    }
    const removed = [...before.keys()].filter((id) => !present.has(id));
    if (batch.loaded) {
      this.reported = new Map();
      this.validator = undefined;
    }

    const answer: ApplyAnswer = {
      revision: this.rev,
      changed,
      removed,
      textChanged: batch.textChanged,
      problems: this.problems(doc, changed, removed, options.problems === 'all'),
    };
    if (batch.orderChanged || removed.length > 0) answer.order = doc.endpoints.map((e) => e.id);
    if (batch.schemasChanged) answer.schemaNames = Object.keys(doc.schemas);
    if (batch.metaChanged) {
      answer.meta = doc.meta;
      answer.problems.meta = validateMeta(doc.meta, this.deadline('meta'));
    }
    if (text !== undefined) {
      this.rendered = { revision: this.rev, text };
      answer.text = text;
    } else if (!batch.textChanged && this.rendered?.revision === this.rev - 1) {
      this.rendered = { revision: this.rev, text: this.rendered.text };
    }
    if (options.text === 'ifValid' && answer.problems.canGenerate) {
      const written =
        this.rendered?.revision === this.rev ? this.rendered.text : renderOpenApi(doc, REPLACED);
      this.rendered = { revision: this.rev, text: written };
      answer.text = written;
    }
    return answer;
  }

  /** Marks a view as edited by the user (its issues are errors, not "as loaded" warnings). */
  markEdited(id: string): void {
    if (this.edited.has(id)) return;
    this.edited.add(id);
    this.flipped.add(id);
  }

  /** Ids of the views edited since the text was loaded. */
  get editedIds(): string[] {
    return [...this.edited];
  }

  /** A view is as loaded again (see the `markLoaded` command). */
  markAsLoaded(id: string): void {
    if (this.edited.delete(id)) this.flipped.add(id);
  }

  /** Forgets which views were edited (a text loaded anew). */
  resetEdited(): void {
    for (const id of this.edited) this.flipped.add(id);
    this.edited = new Set();
  }

  /** The view validation reads of an endpoint, kept per view object. */
  private projection(endpoint: Endpoint): EndpointToValidate {
    let view = this.projections.get(endpoint);
    const asLoaded = !this.edited.has(endpoint.id);
    if (view === undefined || (view.loadedAsIs === true) !== asLoaded) {
      view = validationProjection(endpoint, asLoaded);
      this.projections.set(endpoint, view);
    }
    return view;
  }

  /**
   * The spec §5 problems after a batch: only what it changed is checked again (the rules across
   * endpoints are the validator's indexes), and only issues that changed, or those of `changed`,
   * are answered; `all` answers every endpoint's.
   */
  private problems(
    doc: OpenApiDocument,
    changed: readonly Endpoint[],
    removed: readonly string[],
    all: boolean,
  ): SessionProblems {
    let validator = this.validator;
    let affected: Iterable<string>;
    if (validator === undefined || validator.dialect !== doc.dialect) {
      validator = new EndpointValidator(doc.dialect);
      this.validator = validator;
      validator.update(
        doc.endpoints.map((endpoint) => this.projection(endpoint)),
        [],
        this.deadline('rules'),
      );
      for (const id of removed) this.reported.delete(id);
      affected = doc.endpoints.map((endpoint) => endpoint.id);
    } else {
      const views = changed.map((endpoint) => this.projection(endpoint));
      if (this.flipped.size > 0) {
        const changedIds = new Set(changed.map((endpoint) => endpoint.id));
        for (const endpoint of doc.endpoints) {
          if (this.flipped.has(endpoint.id) && !changedIds.has(endpoint.id)) {
            views.push(this.projection(endpoint));
          }
        }
      }
      for (const id of removed) this.reported.delete(id);
      const touched = validator.update(views, removed, this.deadline('rules'));
      affected = all ? doc.endpoints.map((endpoint) => endpoint.id) : touched;
    }
    this.flipped.clear();
    const issues: Record<string, EndpointIssue[]> = {};
    const wanted = all ? undefined : new Set(changed.map((endpoint) => endpoint.id));
    for (const id of affected) {
      const list = validator.issuesOf(id);
      const json = JSON.stringify(list);
      if (this.reported.get(id) !== json || wanted === undefined || wanted.has(id)) {
        setOwn(issues, id, list);
        this.reported.set(id, json);
      }
    }
    return {
      issues,
      duplicateIds: validator.duplicateIds(() => doc.endpoints.map((endpoint) => endpoint.id)),
      canGenerate: validator.canGenerate(),
    };
  }
}

/** One batch's edits, with what they touched. */
class Batch {
  reopened = false;
  /** The last text a command opened (load, adoptText, renameSchema). */
  openedText: string | undefined;
  loaded = false;
  textChanged = false;
  orderChanged = false;
  schemasChanged = false;
  metaChanged = false;
  /** Whether a `$ref` may have gone (then the render drops components nothing uses). */
  mayDropRefs = false;

  constructor(public doc: OpenApiDocument) {}

  private indexOf(id: unknown): number {
    const index = typeof id === 'string' ? this.doc.endpoints.findIndex((e) => e.id === id) : -1;
    if (index < 0) throw new CoreError('UNKNOWN_TARGET', `No endpoint has the id ${String(id)}.`);
    return index;
  }

  private replace(index: number, endpoint: Endpoint, session: DocumentSession): void {
    const endpoints = [...this.doc.endpoints];
    endpoints[index] = endpoint;
    this.doc.endpoints = endpoints;
    session.markEdited(endpoint.id);
    this.textChanged = true;
  }

  apply(command: DocumentCommand, session: DocumentSession): void {
    if (!isObject(command)) throw new CoreError('INVALID_INPUT', 'A command is an object.');
    switch (command.kind) {
      case 'setField':
      case 'addParameter':
      case 'removeParameter':
      case 'setParameter':
      case 'setAt':
      case 'insertAt':
      case 'removeAt': {
        const index = this.indexOf(command.endpointId);
        const endpoint = this.doc.endpoints[index] as Endpoint;
        const next = applyToView(endpoint, command, this.doc.dialect);
        if (mayDropRef(command, endpoint, next)) this.mayDropRefs = true;
        this.replace(index, next, session);
        return;
      }
      case 'putEndpoint': {
        this.mayDropRefs = true;
        const index = this.indexOf(command.endpoint?.id);
        this.replace(index, command.endpoint, session);
        return;
      }
      case 'addEndpoint': {
        const { endpoint } = command;
        if (!isObject(endpoint) || typeof endpoint.id !== 'string') {
          throw new CoreError('INVALID_INPUT', 'An endpoint needs an id.');
        }
        if (this.doc.endpoints.some((e) => e.id === endpoint.id)) {
          throw new CoreError('INVALID_INPUT', `An endpoint with the id ${endpoint.id} exists.`);
        }
        const endpoints = [...this.doc.endpoints];
        endpoints.splice(clampIndex(command.index, endpoints.length), 0, endpoint);
        this.doc.endpoints = endpoints;
        session.markEdited(endpoint.id);
        this.textChanged = true;
        this.orderChanged = true;
        return;
      }
      case 'removeEndpoint': {
        this.mayDropRefs = true;
        const index = this.indexOf(command.endpointId);
        this.doc.endpoints = this.doc.endpoints.filter((_, i) => i !== index);
        this.textChanged = true;
        this.orderChanged = true;
        return;
      }
      case 'moveEndpoint': {
        const index = this.indexOf(command.endpointId);
        const endpoints = [...this.doc.endpoints];
        const [moved] = endpoints.splice(index, 1);
        endpoints.splice(clampIndex(command.index, endpoints.length), 0, moved as Endpoint);
        this.doc.endpoints = endpoints;
        this.orderChanged = true;
        // A new document is generated in the form's order; a loaded one keeps its text's.
        if (documentFlavor(this.doc) === undefined) this.textChanged = true;
        return;
      }
      case 'setMeta':
        this.setMeta(command.meta);
        return;
      case 'setMetaAt':
      case 'insertMetaAt':
      case 'removeMetaAt': {
        const next = applyToMeta(this.doc.meta, command);
        const root = command.path[0] as MetaRoot;
        this.setMeta({ [root]: next[root] });
        return;
      }
      case 'setSchema':
      case 'removeSchema':
        this.doc.schemas = applyToSchemas(this.doc.schemas, command);
        this.mayDropRefs = true;
        this.schemasChanged = true;
        this.textChanged = true;
        return;
      case 'renameSchema':
        this.renameSchema(command.from, command.to);
        return;
      case 'load':
        this.reopen(command.text);
        this.loaded = true;
        session.resetEdited();
        return;
      case 'adoptText':
        this.reopen(command.text);
        return;
      case 'markLoaded': {
        if (!Array.isArray(command.endpointIds)) {
          throw new CoreError('INVALID_INPUT', 'Endpoint ids are a list.');
        }
        for (const id of command.endpointIds) {
          this.indexOf(id);
          session.markAsLoaded(id);
        }
        return;
      }
      default:
        throw new CoreError(
          'INVALID_INPUT',
          `Unknown command: ${String((command as { kind?: unknown }).kind)}.`,
        );
    }
  }

  private setMeta(change: Partial<DocumentMeta>): void {
    if (!isObject(change)) throw new CoreError('INVALID_INPUT', 'Meta is an object.');
    const meta = { ...this.doc.meta } as DocumentMeta & JsonObject;
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) delete meta[key];
      else meta[key] = value;
    }
    this.doc.meta = meta;
    // A new document's version is its panel's (a loaded one keeps the version it states).
    const dialect = dialectOf(meta.openapi);
    if (documentFlavor(this.doc) === undefined && dialect !== undefined) {
      this.doc.version = meta.openapi;
      this.doc.dialect = dialect;
    }
    this.metaChanged = true;
    this.textChanged = true;
  }

  private renameSchema(from: string, to: string): void {
    if (typeof from !== 'string' || typeof to !== 'string') {
      throw new CoreError('INVALID_INPUT', 'Schema names are text.');
    }
    try {
      if (!checkSchemaRename(this.doc.schemas, from, to)) return;
    } catch (error) {
      if (!(error instanceof SchemaNameError)) throw error;
      throw error.reason === 'MISSING'
        ? new CoreError('UNKNOWN_TARGET', `No shared schema is named ${from}.`)
        : new CoreError('INVALID_INPUT', `The name ${to} cannot be given (${error.reason}).`);
    }
    if (documentFlavor(this.doc) === undefined) {
      // A new document is generated whole from its views: rename in the views and schemas.
      const edit = renameSchema(this.doc.endpoints, this.doc.schemas, from, to);
      this.doc.schemas = edit.schemas;
      this.doc.endpoints = edit.endpoints;
      this.schemasChanged = true;
      this.textChanged = true;
      return;
    }
    const text = renderOpenApiWith(
      this.doc,
      (data) => renameSchemaInData(data, from, to),
      REPLACED,
    );
    this.reopen(text);
  }

  /** Opens a text in place of the document (the views are read anew). */
  private reopen(text: string): void {
    if (typeof text !== 'string') throw new CoreError('INVALID_INPUT', 'The text is not text.');
    this.doc = parseOpenApi(text);
    this.openedText = text;
    this.reopened = true;
    this.textChanged = true;
    this.orderChanged = true;
    this.schemasChanged = true;
    this.metaChanged = true;
  }
}

/** Keys of a body or a response whose value never names a shared schema. */
const NO_REF_KEYS: ReadonlySet<string> = new Set([
  'description',
  'statusCode',
  'customerJson',
  'exampleName',
  'examples',
  'mediaType',
]);

/**
 * Whether an endpoint command may have removed the only `$ref` to a shared schema (then the
 * batch looks for components nothing uses, a walk of the whole document's data): a body or a
 * parameter replaced, a body's name or schema, GET dropping the body. A description, a status
 * code or an example typed in a body or a response cannot, so those keystrokes skip the walk.
 */
function mayDropRef(command: EndpointCommand, before: Endpoint, after: Endpoint): boolean {
  switch (command.kind) {
    case 'setField':
      return command.field === 'method' && after !== before;
    case 'addParameter':
      return false;
    case 'setAt': {
      const key = command.path[command.path.length - 1];
      return !(typeof key === 'string' && NO_REF_KEYS.has(key));
    }
    default:
      return true;
  }
}

/**
 * The render drops components nothing references any more (a removed endpoint's body schema):
 * the session's shared schemas follow, so that its list is the text's.
 */
function dropCollectedSchemas(batch: Batch): void {
  const doc = batch.doc;
  if (documentFlavor(doc) === undefined) return;
  const data = documentData(doc, REPLACED);
  const components = isObject(data) ? own(data, 'components') : undefined;
  const written = isObject(components) ? own(components, 'schemas') : undefined;
  const names = Object.keys(doc.schemas);
  const kept = names.filter((name) => isObject(written) && Object.hasOwn(written, name));
  if (kept.length === names.length) return;
  const schemas: Record<string, Schema> = {};
  for (const name of kept) setOwn(schemas, name, doc.schemas[name]);
  doc.schemas = schemas;
  batch.schemasChanged = true;
}
