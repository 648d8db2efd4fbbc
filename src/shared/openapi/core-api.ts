/**
 * The whole core API behind the app's worker, one protocol for both sides. `src/worker` exposes
 * {@link createCoreApi} with comlink; the app's main-thread fallback runs the very same object.
 * It owns the open document: the app opens text, pulls endpoint views in chunks, sends back
 * the views it changed, and asks for the rendered text. The jobs a user may cancel (conversion,
 * upgrade preview, traffic import, inference) are not here: they run in a stateless worker of
 * their own (job-api.ts), which the app may terminate without costing the document.
 *
 * Every method answers a {@link Result}, never throws: comlink does not carry our error fields.
 */
import type { FormState } from './lint/form-state';
import { stringify } from 'yaml';
import type { DocumentMeta } from './document/meta';
import {
  documentData,
  documentFlavor,
  newOpenApiDocument,
  parseOpenApi,
  type OpenApiDocument,
} from './document/openapi-document';
import type { SourceFlavor } from './document/source-text';
import { DocumentSession, type ApplyOptions, type DocumentCommand } from './document/session';
import { CoreError, toErrorInfo, type ErrorInfo } from './errors';
import { generateOpenApi } from './generate-openapi';
import { formatJson, isJsonPaste, jsonPasteKind, jsonToYaml } from './json-tools';
import type { DocumentInfo, Endpoint, Schema } from './model';
import type { ImportWarning, KeptOperation } from './read-openapi';
import { MAX_DOCUMENT_BYTES } from './limits';
import { documentToJson } from './yaml-io';
import { checkSchemaYaml, operationRanges, type OperationRange } from './document/locate';
import type { OpenApiDialect } from './openapi-version';
import { baseDialect } from './versions';
import { DocumentPreviewer, type PreviewRequest } from './document/preview-part';

/** What every core method answers: a value, or the core's error as plain data. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

function run<T>(fn: () => T): Result<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error: toErrorInfo(error) };
  }
}

/** A document's text handed over as a Blob (a kept source), refused by size before reading. */
function readDocumentBlob(file: Blob): string {
  // The limit is in UTF-8 bytes, as the Blob counts them (a BOM aside): refused before reading.
  if (file.size > MAX_DOCUMENT_BYTES + 3) {
    throw CoreError.tooLarge(
      'INPUT_TOO_LARGE',
      file.size,
      MAX_DOCUMENT_BYTES,
      `The document is ${file.size} bytes; the limit is ${MAX_DOCUMENT_BYTES}.`,
    );
  }
  return readBlob(file);
}

function readBlob(file: Blob): string {
  const Reader = (globalThis as { FileReaderSync?: new () => { readAsText(blob: Blob): string } })
    .FileReaderSync;
  if (Reader === undefined) {
    throw new CoreError('INVALID_INPUT', 'Files are read in the worker only.');
  }
  return new Reader().readAsText(file);
}

/** The open document at a glance; its endpoint views come with `views`, in chunks. */
export interface DocumentSummary {
  /** How many endpoint views there are. */
  count: number;
  warnings: ImportWarning[];
  /**
   * When `warnings` holds the first ones only (a worker's answer: Microsoft Graph's 198,568
   * warnings were one message of 73 MB, a task of 0.4–0.6 s on the page), their whole count;
   * the rest come with `warnings`, in chunks.
   */
  warningCount?: number;
  /** Operations the form does not show as endpoints, kept as written (nothing is dropped). */
  keptOperations: KeptOperation[];
  meta: DocumentMeta;
  /** `components.schemas` names, in document order. */
  schemaNames: string[];
  /** YAML or JSON text; absent for a new document. */
  flavor?: SourceFlavor;
  /** The `openapi` version exactly as written (a new document: 3.0.1). */
  version: string;
  /**
   * The dialect the document is checked against: '3.0' (OpenAPI 3.0 Schema Object) or '3.1' /
   * '3.2' (JSON Schema 2020-12). The Problems panel can say "Checked against OpenAPI 3.1".
   */
  dialect: OpenApiDialect;
}

/**
 * A view as it crosses to the page: without `schemaComponents`, the shared schemas its bodies
 * reach, which the document (the worker's) holds and the page never reads. On Microsoft Graph
 * each view reached thousands of schemas, cloned again with every chunk of views.
 */
function withoutKeptComponents(endpoint: Endpoint): Endpoint {
  if (endpoint.schemaComponents === undefined) return endpoint;
  const { schemaComponents: _kept, ...view } = endpoint;
  return view;
}

/** Endpoint views per `views` call: small enough to clone in well under a frame. */
export const VIEW_CHUNK = 24;

/** Load warnings per `warnings` call (about 0.7 MB as they cross), and in a worker's summary. */
export const WARNING_CHUNK = 2000;

/** `summary` with its first {@link WARNING_CHUNK} warnings and their whole count (see `warningCount`). */
export function withFirstWarnings(summary: Result<DocumentSummary>): Result<DocumentSummary> {
  if (!summary.ok || summary.value.warnings.length <= WARNING_CHUNK) return summary;
  const { warnings } = summary.value;
  return {
    ok: true,
    value: {
      ...summary.value,
      warnings: warnings.slice(0, WARNING_CHUNK),
      warningCount: warnings.length,
    },
  };
}

/**
 * Who keeps the workspace record of the open document (src/shared/workspace/record-keeper.ts):
 * told when a text becomes the document and after every batch.
 */
export interface DocumentKeeper {
  opened(session: DocumentSession, text: string): void;
  /** `shown`: the text the batch answered for the output editor (`{ text: true }`). */
  batch(session: DocumentSession, canGenerate: boolean, shown?: string): void;
}

/** A fresh core API with its own open document (one per worker), and its record's keeper. */
export function createCoreApi(keeper?: DocumentKeeper) {
  /** The open document and its revision, edited by commands (`apply`). */
  const session = new DocumentSession();
  let doc: OpenApiDocument | undefined;
  /** The text `doc` was opened from ('' for a new document): the record keeper's base. */
  let openedText = '';
  const previewer = new DocumentPreviewer();
  /** This core among others (a restarted worker counts its revisions anew): see `textInfo`. */
  const instance = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  /** The operation ranges of the open document's text at a revision (see operationRangesAt). */
  let rangesAt: { revision: number; ranges: OperationRange[] } | undefined;

  const open = (next: OpenApiDocument): DocumentSummary => {
    doc = next;
    session.open(next);
    const summary: DocumentSummary = {
      count: next.endpoints.length,
      warnings: next.warnings,
      keptOperations: next.keptOperations,
      meta: next.meta,
      schemaNames: Object.keys(next.schemas),
      version: next.version,
      dialect: next.dialect,
    };
    const flavor = documentFlavor(next);
    if (flavor !== undefined) summary.flavor = flavor;
    return summary;
  };
  /** After commands: the session may hold a re-read document (load, adoptText, renameSchema). */
  const syncFromSession = (): void => {
    const next = session.document;
    if (next === undefined) return;
    if (next !== doc) {
      doc = next;
      // A text opened by a command: the record keeper starts from it from now on.
      openedText = session.openedText ?? session.text().text;
    }
  };
  const current = (): OpenApiDocument => {
    if (doc === undefined) throw new CoreError('NO_DOCUMENT', 'No document is open.');
    return doc;
  };

  return {
    /** The OpenAPI 3.0.1 YAML of endpoints alone (a new document, generated whole). */
    generate: (endpoints: Endpoint[], info?: Partial<DocumentInfo>) =>
      run(() => generateOpenApi(endpoints, info)),
    /** Spec §5: whether pasted text counts as JSON. */
    isJsonPaste: (text: string) => run(() => isJsonPaste(text)),
    /** A whole OpenAPI document in JSON, other JSON, or no JSON (one parse, in the worker). */
    jsonPasteKind: (text: string) => run(() => jsonPasteKind(text)),
    /** JSON text as YAML (the JSON-paste dialog). */
    jsonToYaml: (text: string) => run(() => jsonToYaml(text)),
    /** JSON pretty-printed with indent 2 (the Format button). */
    formatJson: (text: string) => run(() => formatJson(text)),

    /** Opens YAML or JSON text as the document (Load, Open file, a restored session). */
    /**
     * `ids`: the ids a session gave the views (the id opening the text gives one → its id there),
     * so that the commands made in it address them here (a stored record opened again).
     */
    openDocument: (text: string, ids?: Record<string, string>) =>
      run(() => {
        const summary = open(parseOpenApi(text, ids));
        openedText = text;
        keeper?.opened(session, openedText);
        return summary;
      }),
    /** {@link openDocument} for text kept as a Blob (a reload), read here, not in the page. */
    openDocumentFile: (file: Blob, ids?: Record<string, string>) =>
      run(() => {
        const text = readDocumentBlob(file);
        const summary = open(parseOpenApi(text, ids));
        openedText = text;
        keeper?.opened(session, openedText);
        return summary;
      }),
    /**
     * Starts a new, empty document (OpenAPI 3.0.1, 'Test', 'v1'), or one of another version
     * (3.1.x, 3.2.0: new schemas then use type arrays and `examples`).
     */
    newDocument: (version?: string) =>
      run(() => {
        const summary = open(newOpenApiDocument([], version));
        openedText = '';
        keeper?.opened(session, openedText);
        return summary;
      }),
    /** Whether a document is open (a restarted worker has none). */
    hasDocument: () => run(() => doc !== undefined),
    /** Endpoint views `start … start + count - 1`, in document order. */
    views: (start: number, count: number = VIEW_CHUNK) =>
      run(() =>
        current()
          .endpoints.slice(start, start + count)
          .map(withoutKeptComponents),
      ),
    /** Load warnings `start … start + count - 1` of the open document, in document order. */
    warnings: (start: number, count: number = WARNING_CHUNK) =>
      run(() => current().warnings.slice(start, start + count)),
    /** `components.schemas` as the Schemas section edited them. */
    setSchemas: (schemas: Record<string, Schema>) =>
      run(() => {
        current().schemas = schemas;
        session.changedOutside();
      }),
    /** Shared schemas `start … start + count - 1` as [name, schema] pairs, in document order. */
    schemaEntries: (start: number, count: number = VIEW_CHUNK * 4) =>
      run(() => Object.entries(current().schemas).slice(start, start + count)),
    /**
     * The endpoint views of some text, without opening it (a per-operation "apply" from the
     * output editor): ids are derived from path and method, so they match the open document's.
     */
    readEndpoints: (text: string) => run(() => parseOpenApi(text).endpoints),
    /**
     * Where each operation sits in some text (the output editor: form and YAML linked). A large
     * text comes as its UTF-8 bytes, whose buffer the page transfers (no clone of a string).
     */
    operationRanges: (text: string | Uint8Array) =>
      run(() =>
        operationRanges(
          typeof text === 'string'
            ? text
            : new TextDecoder('utf-8', { ignoreBOM: true }).decode(text),
        ),
      ),
    /**
     * Where each operation sits in the open document's own text, if the document is still at
     * `revision`, else 'stale': the output editor showing what Generate answered asks this,
     * and no text crosses.
     */
    operationRangesAt: (revision: number) =>
      run((): OperationRange[] | 'stale' => {
        if (session.document === undefined || session.revision !== revision) return 'stale';
        if (rangesAt?.revision !== revision) {
          rangesAt = { revision, ranges: operationRanges(session.text().text) };
        }
        return rangesAt.ranges;
      }),
    /**
     * A YAML fragment checked as a schema (the Schemas section's YAML editor), in the open
     * document's dialect (an OpenAPI 3.0 Schema Object, or JSON Schema 2020-12 for 3.1/3.2).
     */
    checkSchemaYaml: (text: string, names?: string[]) =>
      run(() => checkSchemaYaml(text, names, doc?.dialect ?? baseDialect())),
    /** A value as YAML (indent 2, no wrapping), e.g. a shared schema for its YAML editor. */
    toYaml: (value: unknown) =>
      run(() => stringify(value, { indent: 2, lineWidth: 0, aliasDuplicateObjects: false })),
    /** A YAML or JSON document as pretty JSON text (Download as .json). */
    documentToJson: (text: string) => run(() => documentToJson(text)),
    /**
     * Edits the open document by commands that carry their target (set a field of
     * endpoint X, add a parameter, rename a schema, load or adopt a text). One batch, built on
     * `baseRevision` (from `revision`, or the last answer); a stale one is refused with CONFLICT.
     * Answers the new revision, the changed views, removed ids, the problems of what changed,
     * and the text when `options.text` asks for it (see document/session.ts).
     */
    apply: (commands: DocumentCommand[], baseRevision: number, options?: ApplyOptions) =>
      run(() => {
        const answer = session.apply(commands, baseRevision, options);
        const before = doc;
        syncFromSession();
        if (doc !== before) keeper?.opened(session, openedText);
        keeper?.batch(
          session,
          answer.problems.canGenerate,
          // Asked for ('ifValid' too: Generate shows it), the text goes to the output editor.
          options?.text ? answer.text : undefined,
        );
        return { ...answer, changed: answer.changed.map(withoutKeptComponents) };
      }),
    /** The open document's revision (0 before anything is open). */
    revision: () => run(() => session.revision),
    /**
     * Where the session stands (the page's cache refilled from it, app/core/generator-client.ts):
     * the revision, the form's endpoint order, the document panel and the views edited since the
     * text was loaded.
     */
    syncState: () =>
      run(() => {
        const open = session.current();
        return {
          revision: session.revision,
          ids: open.endpoints.map((endpoint) => endpoint.id),
          meta: open.meta,
          edited: session.editedIds,
        };
      }),
    /** The open document's text and its revision (rendered once per revision). */
    text: () => run(() => session.text()),
    /**
     * Which text the open document is at, and its length, without the text: the lint worker
     * reads the text itself (`lintText`), so that it never crosses the page.
     */
    textInfo: () =>
      run(() => {
        const { revision, text } = session.text();
        return { instance, revision, length: text.length };
      }),
    /** The open document's text if it is still `ref` (see textInfo), else 'stale'. */
    lintText: (ref: { instance: string; revision: number }) =>
      run((): string | 'stale' =>
        ref.instance === instance && ref.revision === session.revision && session.document
          ? session.text().text
          : 'stale',
      ),
    /** The form's state at `ref` (lint/form-state.ts) if the document is still there, else 'stale'. */
    lintForm: (ref: { instance: string; revision: number }) =>
      run((): FormState | 'stale' =>
        ref.instance === instance && ref.revision === session.revision && session.document
          ? session.formState()
          : 'stale',
      ),
    /**
     * The docs preview's input as JSON: `request.text`, or the open
     * document's text, whole when small, one part of it when large (document/preview-part.ts).
     */
    previewPart: (request: PreviewRequest = {}) =>
      run(() => {
        const open = session.document;
        return previewer.preview(
          request,
          open && {
            text: () => session.text().text,
            data: () => documentData(open, { viewsReplaced: true }),
          },
        );
      }),
  };
}

/** The core API's type: the worker exposes it; the app imports only this type. */
export type CoreApi = ReturnType<typeof createCoreApi>;
