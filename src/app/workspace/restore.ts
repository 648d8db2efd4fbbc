/**
 * Restoring a workspace: its record's text is opened in the worker's document
 * session, and the view state is laid over the views it gives (the drafts in their order, the
 * collapsed panels, the document panel when it was a draft, the output editor's change): the
 * page takes the opened views, then the drafts as whole-view commands (`drafts`, built by the
 * shared record-commands.ts as the restarted document worker builds them).
 * The same step shows a project's record from the server.
 */
import type { DocumentCommand, Endpoint, KeptOperation, Schema } from '../../shared/openapi';
import type { DocumentMeta } from '../../shared/openapi/document/meta';
import { projectOutput } from '../../shared/projects';
import type { CallOptions, GeneratorClient, ImportWarning } from '../core/generator-client';
import { textOfBlob, yieldToBrowser } from '../util/slices';
import { formCommands, idOfKey } from '../../shared/workspace/record-commands';
import { overlayForm, type WorkspaceViewState } from './view-state';

/** Documents with more endpoints than this show every panel collapsed (a Load, a text shown). */
export const COLLAPSE_ABOVE = 10;

export interface RestoredWorkspace {
  /** The record's text as a string ('' when there is none). */
  text: string;
  /** The views opening the text gave (those the form shows as they are count as loaded). */
  opened: Endpoint[];
  /** The form: the opened views with the drafts laid over them, in the saved order. */
  endpoints: Endpoint[];
  /**
   * The commands that make the opened views the form (`endpoints`) and lay the document panel's
   * draft over the text's; the shared schemas' draft (`schemas`) goes once the text's are read.
   */
  drafts: DocumentCommand[];
  /** The panels shown collapsed; undefined when the view state does not say. */
  collapsed: string[] | undefined;
  /** The document panel: the draft, or the text's own (undefined: a new document's). */
  meta: DocumentMeta | undefined;
  /** The text's own document panel (undefined: a new document's). */
  textMeta: DocumentMeta | undefined;
  /** `meta` is a draft the text does not hold. */
  metaDraft: boolean;
  /** The shared schemas when they were a draft (otherwise the text's, read from the worker). */
  schemas: Record<string, Schema> | undefined;
  /** What the output editor showed. */
  output: string;
  warnings: ImportWarning[];
  keptOperations: KeptOperation[];
  /** The text could not be opened: the form shows the drafts, the editor shows the text. */
  unreadable: boolean;
}

type Client = Pick<GeneratorClient, 'openDocument' | 'setSource'>;

/**
 * The view state with its keys as the ids the views are opened with: a record's text is opened
 * with the ids its session gave the views ({@link WorkspaceViewState.ids}), so that the
 * commands made after it (a journal) address them.
 */
function withIds(viewState: WorkspaceViewState): WorkspaceViewState {
  if (viewState.ids === undefined) return viewState;
  const idOf = idOfKey(viewState);
  const form = viewState.form;
  const drafts = new Set(form?.drafts.map((draft) => draft.id));
  const named = (key: string) => (drafts.has(key) ? key : idOf(key));
  const out: WorkspaceViewState = { ...viewState };
  if (form !== undefined) out.form = { ...form, order: form.order.map(named) };
  if (viewState.collapsed !== undefined) out.collapsed = viewState.collapsed.map(named);
  return out;
}

function isEmpty(text: string | Blob): boolean {
  return typeof text === 'string' ? text.trim() === '' : text.size === 0;
}

/** Opens `text` in the session and lays `viewState` over it. */
export async function restoreWorkspace(
  client: Client,
  text: string | Blob,
  viewState: WorkspaceViewState,
  options: CallOptions & { hold?: boolean } = {},
): Promise<RestoredWorkspace> {
  const ids = viewState.ids;
  const stored = viewState;
  viewState = withIds(viewState);
  const asString = typeof text === 'string' ? text : await textOfBlob(text);
  let opened: Endpoint[] = [];
  let meta: DocumentMeta | undefined;
  let warnings: ImportWarning[] = [];
  let keptOperations: KeptOperation[] = [];
  let unreadable = false;
  if (isEmpty(text)) {
    client.setSource('');
  } else {
    try {
      // The Blob goes to the worker as it is (the page never clones megabytes of string).
      const parsed = await client.openDocument(
        text,
        ids === undefined ? options : { ...options, ids },
      );
      opened = parsed.endpoints;
      meta = parsed.meta;
      warnings = parsed.warnings;
      keptOperations = parsed.keptOperations;
      // The caller's render of the form in a task of its own, not in the worker's answer's (as
      // Load does).
      await yieldToBrowser();
    } catch (failure) {
      if (options.signal?.aborted) throw failure;
      // Kept as it is: the output editor shows it, and nothing overwrites it unasked.
      console.warn('The workspace text could not be opened', failure);
      client.setSource('');
      unreadable = true;
    }
  }
  const form = viewState.form;
  return {
    text: asString,
    opened,
    endpoints: overlayForm(opened, form),
    drafts: formCommands(
      opened.map((view) => view.id),
      stored,
    ),
    collapsed: viewState.collapsed,
    meta: form?.meta ?? meta,
    textMeta: meta,
    metaDraft: form?.meta !== undefined,
    schemas: form?.schemas,
    output: projectOutput(asString, viewState),
    warnings,
    keptOperations,
    unreadable,
  };
}
