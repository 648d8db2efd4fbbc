/**
 * The document panel's edits as commands (what a control asks the editor for): a control says
 * what it does to the part it shows (`info` with this title, this server list with one row
 * moved), and {@link metaCommands} names the places that change, each the deepest one, so a
 * keystroke in a title is `setMetaAt ['info', 'title']` and a tag removed is `removeMetaAt
 * ['tags', 3]`, never the panel whole. The editor and the worker's session make the same panel
 * of them (applyToMeta).
 */
import type { DocumentMeta, MetaCommand, MetaPath, MetaRoot } from '../../shared/openapi';

type Step = string | number;

/** The commands that make `before` into `after` (the panel before and after one control's edit). */
export function metaCommands(before: DocumentMeta, after: DocumentMeta): MetaCommand[] {
  const commands: MetaCommand[] = [];
  const a = before as unknown as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = Object.hasOwn(a, key) ? a[key] : undefined;
    const y = Object.hasOwn(b, key) ? b[key] : undefined;
    placeCommands([key as MetaRoot], x, y, commands);
  }
  return commands;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(x: unknown, y: unknown): boolean {
  return x === y || JSON.stringify(x) === JSON.stringify(y);
}

/**
 * Whether `after`'s keys are `before`'s that stay, in their order, then the new ones: what
 * setting and removing keys one by one makes (a key renamed in its place is not).
 */
function keepsOrder(before: string[], after: string[]): boolean {
  const kept = new Set(after);
  const stay = before.filter((key) => kept.has(key));
  return stay.every((key, i) => after[i] === key);
}

/** The commands at `path`: below it when both sides are objects (or lists of one length). */
function placeCommands(path: Step[], x: unknown, y: unknown, out: MetaCommand[]): void {
  if (x === y || same(x, y)) return;
  const at = path as unknown as MetaPath;
  if (isRecord(x) && isRecord(y) && keepsOrder(Object.keys(x), Object.keys(y))) {
    for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
      const xv = Object.hasOwn(x, key) ? x[key] : undefined;
      const yv = Object.hasOwn(y, key) ? y[key] : undefined;
      placeCommands([...path, key], xv, yv, out);
    }
    return;
  }
  if (Array.isArray(x) && Array.isArray(y) && path.length > 0) {
    if (x.length === y.length) {
      x.forEach((item, i) => placeCommands([...path, i], item, y[i], out));
      return;
    }
    // One item added or removed, the others as they were: that item alone.
    const one = Math.abs(x.length - y.length) === 1;
    const [long, short] = x.length > y.length ? [x, y] : [y, x];
    let i = 0;
    while (i < short.length && same(long[i], short[i])) i++;
    if (one && short.every((item, k) => same(item, long[k < i ? k : k + 1]))) {
      if (x.length > y.length) out.push({ kind: 'removeMetaAt', path: [...path, i] as never });
      else out.push({ kind: 'insertMetaAt', path: [...path, i] as never, value: y[i] });
      return;
    }
  }
  out.push({ kind: 'setMetaAt', path: at, value: y });
}
