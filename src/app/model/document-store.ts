/**
 * The document panel's state: the document-level objects ({@link DocumentMeta}) and
 * the shared schemas (`components.schemas`). Separate from the endpoint store so that typing a
 * title re-renders only the document panel. Every edit is a function of the previous value, and
 * edits copy with spread: keys the form does not show (`x-` extensions) are kept.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import {
  applyToMeta,
  applyToSchemas,
  isMetaCommand,
  type DocumentCommand,
  type EndpointCommand,
  type MetaCommand,
  type Schema,
  type SchemaCommand,
} from '../../shared/openapi';
import { newDocumentMeta, type DocumentMeta } from '../../shared/openapi/document/meta';
import { dialectOf, type OpenApiDialect } from '../../shared/openapi/openapi-version';
import { baseDialect, defaultNewVersion } from '../../shared/openapi/versions';
import type { EndpointStore } from './endpoint-store';
import { metaCommands } from './meta-commands';

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

  /**
   * The panel's and the schemas' commands, made by the functions the worker's session runs (a
   * command that does not apply changes nothing). Answers those that changed something, each
   * with the value it was made on and the one it made.
   */
  applyCommands(commands: readonly (MetaCommand | SchemaCommand)[]): AppliedDocumentCommand[] {
    const applied: AppliedDocumentCommand[] = [];
    for (const command of commands) {
      try {
        if (isMetaCommand(command)) {
          const before = this.meta;
          const after = applyToMeta(before, command);
          this.updateMeta(() => after);
          applied.push({ command, before, after });
        } else {
          const before = this.schemas;
          const after = applyToSchemas(before, command);
          this.setSchemas(() => after);
          applied.push({ command, before, after });
        }
      } catch (error) {
        console.warn(error);
      }
    }
    return applied;
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

/** A panel or schema command as the page applied it (see DocumentStore.applyCommands). */
export type AppliedDocumentCommand =
  | { command: MetaCommand; before: DocumentMeta; after: DocumentMeta }
  | { command: SchemaCommand; before: SharedSchemas; after: SharedSchemas };

export function useMeta(store: DocumentStore): DocumentMeta {
  return useSyncExternalStore(store.subscribe, store.getMeta);
}

export function useSchemas(store: DocumentStore): SharedSchemas {
  return useSyncExternalStore(store.subscribeSchemas, store.getSchemas);
}

/** What endpoint panels need from the page besides their endpoint. */
export interface DocumentLinks {
  document: DocumentStore;
  /**
   * Reveals and highlights an operation's lines in the output editor: a webhook's, or an
   * OpenAPI 3.2 additional operation's (its method as written), when `where` says so.
   */
  showInYaml?: (path: string, method: string, where?: OperationWhere) => void;
  /** Applies the output editor's text of one operation back to its endpoint. */
  onApplyOperation?: (path: string, method: string) => void;
  /** The editor's apply: every edit of the form is a command given here. */
  apply?: (commands: readonly DocumentCommand[]) => void;
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

/**
 * Where a document panel section sends its commands: the page's editor, or outside the page
 * (section tests) the document store's cache alone, by the same functions.
 */
export function useDocumentApply(
  store: DocumentStore,
): (commands: readonly (MetaCommand | SchemaCommand)[]) => void {
  const apply = useContext(DocumentContext)?.apply;
  return useCallback(
    (commands: readonly (MetaCommand | SchemaCommand)[]) => {
      if (commands.length === 0) return;
      if (apply !== undefined) apply(commands);
      else store.applyCommands(commands);
    },
    [apply, store],
  );
}

/**
 * A section's edit of the panel: `change` says what the control does to the panel as it is now,
 * and the places it changes go to the editor as commands (meta-commands.ts).
 */
export function useMetaEdit(
  store: DocumentStore,
): (change: (meta: DocumentMeta) => DocumentMeta) => void {
  const apply = useDocumentApply(store);
  return useCallback(
    (change: (meta: DocumentMeta) => DocumentMeta) => {
      const before = store.getMeta();
      apply(metaCommands(before, change(before)));
    },
    [apply, store],
  );
}

/** The open document's dialect: what the form offers depends on it (3.2's QUERY). */
export function useDocumentDialect(): OpenApiDialect {
  const store = useContext(DocumentContext)?.document;
  const openapi = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    () => store?.getMeta().openapi ?? defaultNewVersion(),
  );
  return dialectOf(openapi) ?? baseDialect();
}
