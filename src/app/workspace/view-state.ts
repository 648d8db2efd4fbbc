/**
 * A workspace's view state: what the document text does not say, kept small.
 * - `collapsed`: the panels shown collapsed, by key ({@link viewKey});
 * - `output`: the output editor's change to the text, when it shows something else (a line
 *   typed by hand, or the last generated text while the form has moved on);
 * - `form`: the form's order by key (the text groups a path's operations; the form need not),
 *   and what the text cannot hold yet (an endpoint without a path, a duplicate, edits made while
 *   the form could not be written): those endpoints whole, the document panel when it differs.
 * A reload opens the text, then lays this over the views ({@link overlayForm}).
 */
import type { Endpoint } from '../../shared/openapi';
import type { KeptForm, KeptViewState } from '../../shared/workspace/record-keeper';

export { viewKey } from '../../shared/workspace/record-keeper';

/** The form's part of a view state (the document worker's record keeper builds it). */
export type FormDrafts = KeptForm;

/** A workspace's view state, as the record keeper writes it and the page reads it. */
export type WorkspaceViewState = KeptViewState;

export const EMPTY_VIEW_STATE: WorkspaceViewState = { v: 2 };

/** Reads a stored view state (JSON text or object); anything unreadable is the empty one. */
export function readViewState(value: unknown): WorkspaceViewState {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return EMPTY_VIEW_STATE;
    }
  }
  if (parsed === null || typeof parsed !== 'object') return EMPTY_VIEW_STATE;
  const state = parsed as Partial<WorkspaceViewState> & Record<string, unknown>;
  const out: WorkspaceViewState = { v: 2 };
  if (state.output !== undefined) out.output = state.output;
  if (Array.isArray(state.collapsed)) {
    out.collapsed = state.collapsed.filter((key): key is string => typeof key === 'string');
  }
  if (state.ids !== null && typeof state.ids === 'object' && !Array.isArray(state.ids)) {
    const ids: Record<string, string> = {};
    for (const [key, id] of Object.entries(state.ids)) {
      if (typeof id === 'string') {
        Object.defineProperty(ids, key, {
          value: id,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    out.ids = ids;
  }
  const form = state.form as Partial<FormDrafts> | undefined;
  if (form && Array.isArray(form.order) && Array.isArray(form.drafts)) {
    out.form = {
      order: form.order.filter((key): key is string => typeof key === 'string'),
      drafts: form.drafts.filter(isEndpointView),
    };
    if (form.meta && typeof form.meta === 'object') out.form.meta = form.meta;
    if (form.schemas && typeof form.schemas === 'object') out.form.schemas = form.schemas;
  }
  return out;
}

/** A value with an endpoint view's shape (what a stored draft must be to be shown). */
export function isEndpointView(value: unknown): value is Endpoint {
  if (!value || typeof value !== 'object') return false;
  const e = value as Partial<Endpoint>;
  return (
    typeof e.id === 'string' &&
    typeof e.method === 'string' &&
    typeof e.path === 'string' &&
    Array.isArray(e.parameters) &&
    Array.isArray(e.responses)
  );
}

/**
 * The form a workspace shows: the text's views (`opened`, as opening the text gave them) with
 * the drafts laid over them in the saved order. A view of the text the order does not name (a
 * key spelled differently) is kept, after the view before it, unless every key of the order was
 * found (then the form removed it).
 */
export function overlayForm(opened: readonly Endpoint[], form: FormDrafts | undefined): Endpoint[] {
  if (form === undefined) return [...opened];
  const drafts = new Map(form.drafts.map((draft) => [draft.id, draft]));
  const byKey = new Map(opened.map((view) => [view.id, view]));
  const out: Endpoint[] = [];
  const used = new Set<string>();
  for (const key of form.order) {
    const view = drafts.get(key) ?? byKey.get(key);
    if (view === undefined || used.has(key)) continue;
    used.add(key);
    out.push(view);
  }
  // Every key found: a view of the text the order leaves out was removed in the form.
  if (used.size === form.order.length) return out;
  // A key found nowhere (a method the text spells in capitals, `COPY`): the views the order
  // does not name are kept, after their neighbour, rather than dropped.
  opened.forEach((view, index) => {
    if (used.has(view.id) || drafts.has(view.id)) return;
    const previous = index > 0 ? opened[index - 1] : undefined;
    const at = previous === undefined ? -1 : out.indexOf(previous);
    out.splice(at + 1, 0, view);
    used.add(view.id);
  });
  return out;
}
