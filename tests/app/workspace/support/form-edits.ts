/**
 * The tests' stand-in for the form's controls: a change of the whole form (`next` over `form`)
 * as the whole-view commands a user's edits would have sent (views removed, put, added, moved).
 */
import type { DocumentCommand, Endpoint } from '../../../../src/shared/openapi';

export function formEdits(form: readonly Endpoint[], next: readonly Endpoint[]): DocumentCommand[] {
  const commands: DocumentCommand[] = [];
  const wanted = new Set(next.map((view) => view.id));
  const order: string[] = [];
  for (const view of form) {
    if (wanted.has(view.id)) order.push(view.id);
    else commands.push({ kind: 'removeEndpoint', endpointId: view.id });
  }
  const byId = new Map(form.map((view) => [view.id, view]));
  for (const view of next) {
    const was = byId.get(view.id);
    if (was === undefined) {
      commands.push({ kind: 'addEndpoint', endpoint: view, index: order.length });
      order.push(view.id);
    } else if (was !== view) commands.push({ kind: 'putEndpoint', endpoint: view });
  }
  next.forEach((view, index) => {
    if (order[index] === view.id) return;
    order.splice(order.indexOf(view.id), 1);
    order.splice(index, 0, view.id);
    commands.push({ kind: 'moveEndpoint', endpointId: view.id, index });
  });
  return commands;
}
