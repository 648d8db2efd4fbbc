/**
 * The document panel's state (issue 11): the document-level objects ({@link DocumentMeta}) and
 * the shared schemas (`components.schemas`). Separate from the endpoint store so that typing a
 * title re-renders only the document panel. Every edit is a function of the previous value, and
 * edits copy with spread: keys the form does not show (`x-` extensions) are kept.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { EndpointCommand, Schema } from '../../shared/openapi';
import { newDocumentMeta, type DocumentMeta } from '../../shared/openapi/document/meta';
import { dialectOf, type OpenApiDialect } from '../../shared/openapi/openapi-version';
import { baseDialect, defaultNewVersion } from '../../shared/openapi/versions';
import type { EndpointStore } from './endpoint-store';

type Listener = () => void;

/** Which operation of a path "Show in YAML" means, beside its method. */
export interface OperationWhere {
  /** Under `webhooks`: the path is the webhook's name. */
  webhook?: boolean;
  /** An OpenAPI 3.2 `additionalOperations` entry, its method as written (`COPY`). */
  additional?: boolean;
}

export type SharedSchemas = Record<string, Schema>;

export class DocumentStore {
  private meta: DocumentMeta;
  private schemas: SharedSchemas;
  private revision = 0;
  private listeners = new Set<Listener>();
  private schemaListeners = new Set<Listener>();

  constructor(meta: DocumentMeta = newDocumentMeta(), schemas: SharedSchemas = {}) {
    this.meta = meta;
    this.schemas = schemas;
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
    this.changed(this.listeners);
  }

  setSchemas(change: (schemas: SharedSchemas) => SharedSchemas): void {
    const next = change(this.schemas);
    if (next === this.schemas) return;
    this.schemas = next;
    this.changed(this.schemaListeners);
  }

  /** Replaces everything (Load, restore). */
  setAll(meta: DocumentMeta, schemas: SharedSchemas): void {
    this.meta = meta;
    this.schemas = schemas;
    this.changed(this.listeners);
    this.changed(this.schemaListeners);
  }

  private changed(listeners: Set<Listener>): void {
    this.revision++;
    for (const listener of [...listeners]) listener();
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
  /** The editor's apply (issue 29.1): every edit of an endpoint is a command given here. */
  apply?: (commands: readonly EndpointCommand[]) => void;
}

export const DocumentContext = createContext<DocumentLinks | undefined>(undefined);

/** The page's document links; undefined outside the generator page (panel tests). */
export function useDocumentLinks(): DocumentLinks | undefined {
  return useContext(DocumentContext);
}

const noSubscription = () => () => undefined;

/**
 * Where an endpoint panel sends its commands: the page's editor, or outside the page (panel
 * tests) the endpoint store's cache alone, by the same function.
 */
export function useEditorApply(
  store: EndpointStore,
): (commands: readonly EndpointCommand[]) => void {
  const links = useContext(DocumentContext);
  const dialect = useDocumentDialect();
  const apply = links?.apply;
  return useCallback(
    (commands: readonly EndpointCommand[]) => {
      if (apply !== undefined) apply(commands);
      else store.applyCommands(commands, dialect);
    },
    [apply, store, dialect],
  );
}

/** The open document's dialect (issue 19): what the form offers depends on it (3.2's QUERY). */
export function useDocumentDialect(): OpenApiDialect {
  const store = useContext(DocumentContext)?.document;
  const openapi = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    () => store?.getMeta().openapi ?? defaultNewVersion(),
  );
  return dialectOf(openapi) ?? baseDialect();
}
