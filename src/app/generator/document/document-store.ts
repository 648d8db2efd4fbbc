/**
 * The document panel's state (issue 11): the document-level objects ({@link DocumentMeta}) and
 * the shared schemas (`components.schemas`). Separate from the endpoint store so that typing a
 * title re-renders only the document panel. Every edit is a function of the previous value, and
 * edits copy with spread: keys the form does not show (`x-` extensions) are kept.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Schema } from '../../../shared';
import { newDocumentMeta, type DocumentMeta } from '../../../shared/document/meta';
import { dialectOf, type OpenApiDialect } from '../../../shared/openapi-version';

type Listener = () => void;

/** Which operation of a path "Show in YAML" means, beside its method. */
export interface OperationWhere {
  /** Under `webhooks`: the path is the webhook's name. */
  webhook?: boolean;
  /** An OpenAPI 3.2 `additionalOperations` entry, its method as written (`COPY`). */
  additional?: boolean;
}

export type SharedSchemas = Record<string, Schema>;

const STORAGE_KEY = 'specform.generator.document.v1';
/** The shared schemas are saved apart, so typing a title never re-serialises megabytes. */
const SCHEMAS_KEY = `${STORAGE_KEY}.schemas`;
const SAVE_DELAY_MS = 400;
/**
 * Above this many shared schemas they are not saved (serialising them would be a long task on
 * every pause in typing); after a reload they come back from the endpoints' kept components.
 */
const MAX_SAVED_SCHEMAS = 300;

interface Saved {
  meta: DocumentMeta;
  schemas: SharedSchemas;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The saved document panel, when there is a readable one. */
export function loadSavedDocument(
  storage: Storage | undefined = globalThis.localStorage,
): Saved | undefined {
  try {
    const text = storage?.getItem(STORAGE_KEY);
    if (!text) return undefined;
    const saved: unknown = JSON.parse(text);
    if (!isRecord(saved) || !isRecord(saved.info)) return undefined;
    const meta = saved as unknown as DocumentMeta;
    let schemas: SharedSchemas = {};
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(SCHEMAS_KEY) ?? '{}');
      if (isRecord(parsed)) schemas = parsed as SharedSchemas;
    } catch {
      // Unreadable schemas: start without them (the document panel itself is kept).
    }
    return { meta, schemas };
  } catch {
    return undefined;
  }
}

export class DocumentStore {
  private meta: DocumentMeta;
  private schemas: SharedSchemas;
  private revision = 0;
  private listeners = new Set<Listener>();
  private schemaListeners = new Set<Listener>();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private metaDirty = false;
  private schemasDirty = false;

  constructor(
    meta: DocumentMeta = newDocumentMeta(),
    schemas: SharedSchemas = {},
    private readonly storage: Storage | undefined = undefined,
  ) {
    this.meta = meta;
    this.schemas = schemas;
  }

  /** A store restored from (and saving to) localStorage. */
  static persisted(storage: Storage | undefined = globalThis.localStorage): DocumentStore {
    const saved = loadSavedDocument(storage);
    return new DocumentStore(saved?.meta, saved?.schemas, storage);
  }

  getMeta = (): DocumentMeta => this.meta;
  getSchemas = (): SharedSchemas => this.schemas;
  getRevision = (): number => this.revision;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  subscribeSchemas = (listener: Listener): (() => void) => {
    this.schemaListeners.add(listener);
    return () => this.schemaListeners.delete(listener);
  };

  updateMeta(change: (meta: DocumentMeta) => DocumentMeta): void {
    const next = change(this.meta);
    if (next === this.meta) return;
    this.meta = next;
    this.metaDirty = true;
    this.changed(this.listeners);
  }

  /** `save: false` for schemas that are kept elsewhere (rebuilt from the endpoints). */
  setSchemas(change: (schemas: SharedSchemas) => SharedSchemas, save = true): void {
    const next = change(this.schemas);
    if (next === this.schemas) return;
    this.schemas = next;
    if (save) this.schemasDirty = true;
    this.changed(this.schemaListeners);
  }

  /** Replaces everything (Load); the schemas are not saved until edited (see below). */
  setAll(meta: DocumentMeta, schemas: SharedSchemas): void {
    this.meta = meta;
    this.schemas = schemas;
    this.metaDirty = true;
    // Schemas read from a loaded document are not written to storage: the document keeps them
    // (its text is in IndexedDB), and a large document's would cost a long task and most of the
    // storage quota. After a reload the page reads them from the worker's document again;
    // schemas edited in the panel are saved.
    this.schemasDirty = false;
    try {
      this.storage?.removeItem(SCHEMAS_KEY);
    } catch {
      // storage unavailable
    }
    this.changed(this.listeners);
    this.changed(this.schemaListeners);
  }

  /** Writes a pending save at once (page hide). */
  flush(): void {
    if (this.saveTimer === undefined) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.save();
  }

  private changed(listeners: Set<Listener>): void {
    this.revision++;
    for (const listener of [...listeners]) listener();
    if (this.storage === undefined) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save();
    }, SAVE_DELAY_MS);
  }

  private save(): void {
    const storage = this.storage;
    if (storage === undefined) return;
    try {
      if (this.metaDirty) storage.setItem(STORAGE_KEY, JSON.stringify(this.meta));
      this.metaDirty = false;
    } catch {
      // Storage full or unavailable: the document panel is not saved (the page still works).
    }
    try {
      if (this.schemasDirty) {
        if (Object.keys(this.schemas).length > MAX_SAVED_SCHEMAS) storage.removeItem(SCHEMAS_KEY);
        else storage.setItem(SCHEMAS_KEY, JSON.stringify(this.schemas));
      }
      this.schemasDirty = false;
    } catch {
      // Too large for what storage has left: the schemas are not saved (they stay in the page).
      storage.removeItem(SCHEMAS_KEY);
    }
  }
}

export function useMeta(store: DocumentStore): DocumentMeta {
  return useSyncExternalStore(store.subscribe, store.getMeta);
}

export function useSchemas(store: DocumentStore): SharedSchemas {
  return useSyncExternalStore(store.subscribeSchemas, store.getSchemas);
}

/** What endpoint panels need from the page besides their endpoint (issue 11). */
export interface DocumentLinks {
  document: DocumentStore;
  /**
   * Reveals and highlights an operation's lines in the output editor: a webhook's, or an
   * OpenAPI 3.2 additional operation's (its method as written), when `where` says so.
   */
  showInYaml?: (path: string, method: string, where?: OperationWhere) => void;
  /** Applies the output editor's text of one operation back to its endpoint. */
  onApplyOperation?: (path: string, method: string) => void;
}

export const DocumentContext = createContext<DocumentLinks | undefined>(undefined);

/** The page's document links; undefined outside the generator page (panel tests). */
export function useDocumentLinks(): DocumentLinks | undefined {
  return useContext(DocumentContext);
}

const noSubscription = () => () => undefined;

/** The open document's dialect (issue 19): what the form offers depends on it (3.2's QUERY). */
export function useDocumentDialect(): OpenApiDialect {
  const store = useContext(DocumentContext)?.document;
  const openapi = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    () => store?.getMeta().openapi ?? '3.0.1',
  );
  return dialectOf(openapi) ?? '3.0';
}
