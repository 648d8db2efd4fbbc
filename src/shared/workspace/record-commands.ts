/**
 * A stored record as commands over its opened text: the text holds the written views, the view
 * state the rest (the drafts whole, the form's order, the document panel and the shared schemas
 * when they were drafts). A restarted document worker opens the record's text (with the views'
 * ids, {@link KeptViewState.ids}) and applies these, so the session is the one the record was
 * built from and the commands made after it apply as they did.
 */
import type { DocumentCommand, Schema } from '../openapi';
import type { KeptViewState } from './record-keeper';

/** The id a key of the view state names (the view's id in the session the record came from). */
export function idOfKey(state: KeptViewState): (key: string) => string {
  const ids = state.ids;
  return (key) => (ids !== undefined && Object.hasOwn(ids, key) ? (ids[key] as string) : key);
}

/**
 * The commands that make the views opened from a record's text (`opened`: their ids, in order)
 * the record's form: views the form dropped removed, drafts put (or added), the order set by
 * moves, the document panel and the shared schemas (`schemas`: the text's) when they were drafts.
 */
export function recordCommands(
  opened: readonly string[],
  state: KeptViewState,
  schemas: Readonly<Record<string, Schema>>,
): DocumentCommand[] {
  const commands = formCommands(opened, state);
  const draft = state.form?.schemas;
  if (draft !== undefined) commands.push(...schemaCommands(schemas, draft));
  return commands;
}

/**
 * The record's form over the views opened from its text, without the shared schemas (the page
 * reads the text's schemas after it shows the form): {@link recordCommands} but the schemas.
 */
export function formCommands(opened: readonly string[], state: KeptViewState): DocumentCommand[] {
  const form = state.form;
  if (form === undefined) return [];
  const idOf = idOfKey(state);
  const drafts = new Map(form.drafts.map((draft) => [draft.id, draft]));
  const present = new Set(opened);
  const wanted: string[] = [];
  const seen = new Set<string>();
  for (const key of form.order) {
    const id = drafts.has(key) ? key : idOf(key);
    if ((!drafts.has(id) && !present.has(id)) || seen.has(id)) continue;
    seen.add(id);
    wanted.push(id);
  }
  if (wanted.length < form.order.length) {
    // A key found nowhere: the text's views the order does not name stay, after their
    // neighbour (as the page's restore keeps them), rather than be dropped.
    opened.forEach((id, index) => {
      if (seen.has(id) || drafts.has(id)) return;
      const previous = index > 0 ? opened[index - 1] : undefined;
      const at = previous === undefined ? -1 : wanted.indexOf(previous);
      wanted.splice(at + 1, 0, id);
      seen.add(id);
    });
  }
  const commands: DocumentCommand[] = [];
  const order: string[] = [];
  for (const id of opened) {
    if (seen.has(id)) order.push(id);
    else commands.push({ kind: 'removeEndpoint', endpointId: id });
  }
  for (const id of wanted) {
    const draft = drafts.get(id);
    if (draft === undefined) continue;
    if (present.has(id)) commands.push({ kind: 'putEndpoint', endpoint: draft });
    else {
      commands.push({ kind: 'addEndpoint', endpoint: draft, index: order.length });
      order.push(id);
    }
  }
  wanted.forEach((id, index) => {
    if (order[index] === id) return;
    order.splice(order.indexOf(id), 1);
    order.splice(index, 0, id);
    commands.push({ kind: 'moveEndpoint', endpointId: id, index });
  });
  if (form.meta !== undefined) commands.push({ kind: 'setMeta', meta: form.meta });
  return commands;
}

/**
 * The commands that make the shared schemas `current` (the text's) the record's draft set
 * `draft`, whole: a schema the draft lacks removed, one it adds or changes set.
 */
export function schemaCommands(
  current: Readonly<Record<string, Schema>>,
  draft: Readonly<Record<string, Schema>>,
): DocumentCommand[] {
  const commands: DocumentCommand[] = [];
  for (const name of Object.keys(current)) {
    if (!Object.hasOwn(draft, name)) commands.push({ kind: 'removeSchema', name });
  }
  for (const [name, schema] of Object.entries(draft)) {
    const was = Object.hasOwn(current, name) ? current[name] : undefined;
    if (was === undefined || JSON.stringify(was) !== JSON.stringify(schema)) {
      commands.push({ kind: 'setSchema', name, schema });
    }
  }
  return commands;
}
