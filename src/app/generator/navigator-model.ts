/**
 * The endpoint navigator's model: a filter over path, method, summary,
 * operationId and tags; groups by tag (OpenAPI 3.2 tag `parent`s nest) or by path segment;
 * counts and problem marks per group; one flat list of rows for a virtualised tree. Pure: the
 * component (Navigator.tsx) holds the state and renders.
 */
import type { Endpoint, KeptOperation } from '../../shared/openapi';
import type { TagObject } from '../../shared/openapi/document/meta';
import { mergeFindings, type ProblemList } from './problems';
import type { LintAnswer } from '../../shared/openapi/lint/types';

export type Grouping = 'tag' | 'path';

/** What the navigator reads of an endpoint, with its lower-cased search text. */
export interface NavEntry {
  id: string;
  method: string;
  path: string;
  summary: string;
  operationId: string;
  tags: readonly string[];
  /** A webhook (OpenAPI 3.1+): listed in its own section, whatever the grouping. */
  webhook: boolean;
  /**
   * An operation the form does not show, kept as written (3.2 `additionalOperations`,
   * `trace`): listed so it can be found, opened in the YAML only.
   */
  readOnly: boolean;
  /** An OpenAPI 3.2 additional operation: its method is the key as written (`COPY`). */
  additional: boolean;
  /** method, path, summary, operationId and tags, lower-cased, one per line. */
  haystack: string;
}

export interface ProblemMarks {
  errors: number;
  warnings: number;
}

export interface GroupRow {
  kind: 'group';
  key: string;
  /** The tag's name or the path prefix; '' for the group of untagged endpoints. */
  label: string;
  depth: number;
  /** Endpoints in the group and the groups nested in it (each once), matching the filter. */
  count: number;
  marks: ProblemMarks;
  collapsed: boolean;
}

export interface EndpointRow {
  kind: 'endpoint';
  key: string;
  depth: number;
  entry: NavEntry;
  marks: ProblemMarks;
}

export type NavRow = GroupRow | EndpointRow;

/** The key of the group of endpoints without a tag. */
export const UNTAGGED_KEY = 'tag:';
/** The key of the webhooks' section (webhooks listed apart from the paths). */
export const WEBHOOKS_KEY = 'webhooks:';

export function navEntry(endpoint: Endpoint): NavEntry {
  const tags = endpoint.tags ?? [];
  const operationId = endpoint.operationId ?? '';
  return {
    id: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    summary: endpoint.summary,
    operationId,
    tags,
    webhook: endpoint.webhook === true,
    readOnly: false,
    additional: false,
    haystack: [endpoint.method, endpoint.path, endpoint.summary, operationId, ...tags]
      .join('\n')
      .toLowerCase(),
  };
}

/** Whether two entries of one endpoint sit in the same place of the tree (only the text moved). */
function samePlace(a: NavEntry, b: NavEntry): boolean {
  return (
    a.id === b.id &&
    a.method === b.method &&
    a.path === b.path &&
    a.webhook === b.webhook &&
    a.readOnly === b.readOnly &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, i) => tag === b.tags[i])
  );
}

/**
 * The rows of `next` from the rows built for `previous`, when only the endpoints' text changed
 * (a summary typed: the tree is the same, and rebuilding it for 1,223 endpoints is a few ms a
 * keystroke). Undefined when the tree may differ: the caller builds it anew. Without a filter
 * only (a filter matches on the text).
 */
export function patchRows(
  previous: readonly NavEntry[],
  next: readonly NavEntry[],
  rows: readonly NavRow[],
): NavRow[] | undefined {
  if (previous.length !== next.length) return undefined;
  const changed = new Map<string, NavEntry>();
  for (let i = 0; i < next.length; i++) {
    const before = previous[i]!;
    const after = next[i]!;
    if (before === after) continue;
    if (!samePlace(before, after)) return undefined;
    changed.set(after.id, after);
  }
  if (changed.size === 0) return rows as NavRow[];
  return rows.map((row) => {
    if (row.kind !== 'endpoint') return row;
    const entry = changed.get(row.entry.id);
    return entry === undefined ? row : { ...row, entry };
  });
}

/** The entry of an operation the document keeps as written (read-only). */
export function keptEntry(operation: KeptOperation): NavEntry {
  const { method, path, summary, operationId, tags } = operation;
  return {
    id: `kept:${operation.pointer}`,
    method,
    path,
    summary,
    operationId,
    tags,
    webhook: operation.webhook === true,
    readOnly: true,
    additional: operation.additional === true,
    haystack: [method, path, summary, operationId, ...tags].join('\n').toLowerCase(),
  };
}

/**
 * The form's entries with the kept operations among them: each after the last entry of its
 * path (so a path's operations stay together), or at the end when the form has none there.
 */
export function withKept(entries: readonly NavEntry[], kept: readonly KeptOperation[]): NavEntry[] {
  if (kept.length === 0) return entries as NavEntry[];
  const list = [...entries];
  for (const operation of kept) {
    const entry = keptEntry(operation);
    let at = list.length;
    for (let i = list.length - 1; i >= 0; i--) {
      const other = list[i]!;
      if (other.path === entry.path && other.webhook === entry.webhook) {
        at = i + 1;
        break;
      }
    }
    list.splice(at, 0, entry);
  }
  return list;
}

/** The filter's words, lower-cased; an endpoint matches when each is in one of its fields. */
export function queryTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesTerms(entry: NavEntry, terms: readonly string[]): boolean {
  return terms.every((term) => entry.haystack.includes(term));
}

/** `text` cut into plain and matched parts (every occurrence of every term, case-insensitive). */
export function highlightParts(
  text: string,
  terms: readonly string[],
): { text: string; match: boolean }[] {
  if (terms.length === 0 || text === '') return [{ text, match: false }];
  const lower = text.toLowerCase();
  const marked = new Uint8Array(text.length);
  for (const term of terms) {
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + 1)) {
      marked.fill(1, at, at + term.length);
    }
  }
  const parts: { text: string; match: boolean }[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || marked[i] !== marked[start]) {
      parts.push({ text: text.slice(start, i), match: marked[start] === 1 });
      start = i;
    }
  }
  return parts;
}

/**
 * Where a path's distinguishing end starts: its last segment, with the segment
 * before it when the last is a parameter (`/alerts`, `/accounts/{id}`). The navigator cuts a long
 * path in the middle, before this end, so `/orgs/{org}/dependabot/alerts` and `…/secrets` can be
 * told apart. 0 when the path is a single segment.
 */
export function pathTailStart(path: string): number {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  let at = trimmed.lastIndexOf('/');
  if (at > 0 && trimmed.slice(at + 1).startsWith('{')) {
    const before = trimmed.lastIndexOf('/', at - 1);
    if (before >= 0) at = before;
  }
  return Math.max(0, at);
}

/** Splits highlighted parts at character offset `at` (the head's parts, the tail's parts). */
export function splitParts(
  parts: readonly { text: string; match: boolean }[],
  at: number,
): [{ text: string; match: boolean }[], { text: string; match: boolean }[]] {
  const head: { text: string; match: boolean }[] = [];
  const tail: { text: string; match: boolean }[] = [];
  let offset = 0;
  for (const part of parts) {
    const end = offset + part.text.length;
    if (end <= at) head.push(part);
    else if (offset >= at) tail.push(part);
    else {
      head.push({ text: part.text.slice(0, at - offset), match: part.match });
      tail.push({ text: part.text.slice(at - offset), match: part.match });
    }
    offset = end;
  }
  return [head, tail];
}

/**
 * `next`, or `previous` when they mark the same endpoints with the same counts: the problems are
 * new after every answer of the worker, mostly with the same marks, and new marks rebuild every
 * row of the navigator (24 ms on GitHub's 1,223 operations).
 */
export function sameMarksOr(
  previous: Map<string, ProblemMarks> | undefined,
  next: Map<string, ProblemMarks>,
): Map<string, ProblemMarks> {
  if (previous === undefined || previous.size !== next.size) return next;
  for (const [id, mark] of next) {
    const before = previous.get(id);
    if (before?.errors !== mark.errors || before.warnings !== mark.warnings) return next;
  }
  return previous;
}

/**
 * Errors and warnings per endpoint id: what the Problems panel lists (`entries`: the
 * navigator's, to find an operation's endpoint). Once the lint answered, its findings: one of
 * the form's own rules marks the endpoint it names (a duplicate route marks both endpoints), one
 * of the text at an operation (`paths` key and method) the endpoint written there. Before, the
 * session's problems.
 */
export function marksByEndpoint(
  problems: ProblemList,
  lint?: LintAnswer,
  entries: readonly NavEntry[] = [],
): Map<string, ProblemMarks> {
  const marks = new Map<string, ProblemMarks>();
  const add = (id: string | undefined, kind: keyof ProblemMarks) => {
    if (id === undefined) return;
    let mark = marks.get(id);
    if (!mark) {
      mark = { errors: 0, warnings: 0 };
      marks.set(id, mark);
    }
    mark[kind]++;
  };
  if (lint === undefined) {
    for (const problem of problems.blocking) add(problem.endpointId, 'errors');
    for (const problem of problems.warnings) add(problem.endpointId, 'warnings');
    return marks;
  }
  if (lint.findings.length === 0) return marks;
  let idAt: Map<string, string> | undefined;
  const endpointAt = (method: string, pathKey: string) => {
    if (idAt === undefined) {
      idAt = new Map();
      for (const entry of entries) {
        if (!entry.readOnly) idAt.set(`${entry.method.toLowerCase()} ${entry.path}`, entry.id);
      }
    }
    return idAt.get(`${method.toLowerCase()} ${pathKey}`);
  };
  for (const finding of mergeFindings(problems, lint)) {
    const kind =
      finding.severity === 'error' ? 'errors' : finding.severity === 'warning' ? 'warnings' : null;
    if (kind === null) continue;
    if (finding.form !== undefined) {
      add(finding.form.endpointId, kind);
      continue;
    }
    const [root, pathKey, method] = finding.path;
    if (root !== 'paths' || typeof pathKey !== 'string' || typeof method !== 'string') continue;
    add(endpointAt(method, pathKey), kind);
  }
  return marks;
}

interface GroupNode {
  key: string;
  label: string;
  children: GroupNode[];
  ids: string[];
}

function node(key: string, label: string): GroupNode {
  return { key, label, children: [], ids: [] };
}

/** Tag groups in the document's tag order (then first use), nested under their `parent`. */
function tagGroups(entries: readonly NavEntry[], tags: readonly TagObject[]): GroupNode[] {
  const parents = new Map<string, string>();
  const declared: string[] = [];
  for (const tag of tags) {
    if (typeof tag.name !== 'string') continue;
    declared.push(tag.name);
    const parent = (tag as { parent?: unknown }).parent;
    if (typeof parent === 'string' && parent !== '' && parent !== tag.name) {
      parents.set(tag.name, parent);
    }
  }
  const nodes = new Map<string, GroupNode>();
  const roots: GroupNode[] = [];
  const untagged = node(UNTAGGED_KEY, '');
  /** The node of a tag, created with its ancestors (a `parent` cycle stops where it repeats). */
  const ensure = (name: string, seen: Set<string> = new Set()): GroupNode => {
    const existing = nodes.get(name);
    if (existing) return existing;
    const created = node(`tag:${name}`, name);
    nodes.set(name, created);
    seen.add(name);
    const parent = parents.get(name);
    if (parent !== undefined && !seen.has(parent)) ensure(parent, seen).children.push(created);
    else roots.push(created);
    return created;
  };
  for (const entry of entries) {
    if (entry.tags.length === 0) untagged.ids.push(entry.id);
    for (const tag of new Set(entry.tags)) ensure(tag).ids.push(entry.id);
  }
  const rank = new Map(declared.map((name, index) => [`tag:${name}`, index]));
  const order = (list: GroupNode[]) => {
    // Stable: undeclared tags keep the order of their first use, after the declared ones.
    list.sort(
      (a, b) =>
        (rank.get(a.key) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.key) ?? Number.MAX_SAFE_INTEGER),
    );
    for (const child of list) order(child.children);
  };
  order(roots);
  if (untagged.ids.length > 0) roots.push(untagged);
  return roots;
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * Path groups: by the first segment after the prefix every path shares (`/v1/customers`,
 * `/v1/charges` for a document whose paths all start with `/v1`), in the order of first use.
 */
function pathGroups(entries: readonly NavEntry[]): GroupNode[] {
  const split = entries.map((entry) => segments(entry.path));
  let shared = 0;
  if (split.length > 1) {
    const first = split[0] ?? [];
    const shortest = Math.min(...split.map((s) => s.length));
    // The shared prefix stops one short of the shortest path: every path keeps a segment to group by.
    while (shared < shortest - 1 && split.every((s) => s[shared] === first[shared])) shared++;
  }
  const groups = new Map<string, GroupNode>();
  entries.forEach((entry, index) => {
    const parts = split[index] ?? [];
    const label = `/${parts.slice(0, shared + 1).join('/')}`;
    let group = groups.get(label);
    if (!group) {
      group = node(`path:${label}`, label);
      groups.set(label, group);
    }
    group.ids.push(entry.id);
  });
  return [...groups.values()];
}

export interface BuildOptions {
  grouping: Grouping;
  terms: readonly string[];
  /** The document's tags (for their order and `parent`). */
  tags: readonly TagObject[];
  collapsed: ReadonlySet<string>;
  marks: ReadonlyMap<string, ProblemMarks>;
}

const NO_MARKS: ProblemMarks = Object.freeze({ errors: 0, warnings: 0 });

/**
 * The navigator's rows: each group (with its count and problems), then, unless it is collapsed,
 * its nested groups and its endpoints. With a filter only matching endpoints and the groups that
 * hold them are listed, all expanded.
 */
export function buildRows(entries: readonly NavEntry[], options: BuildOptions): NavRow[] {
  const { terms, collapsed, marks } = options;
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const visible =
    terms.length === 0 ? entries : entries.filter((entry) => matchesTerms(entry, terms));
  const operations = visible.filter((entry) => !entry.webhook);
  const roots =
    options.grouping === 'tag' ? tagGroups(operations, options.tags) : pathGroups(operations);
  if (operations.length < visible.length) {
    const webhooks = node(WEBHOOKS_KEY, '');
    for (const entry of visible) if (entry.webhook) webhooks.ids.push(entry.id);
    roots.push(webhooks);
  }
  const rows: NavRow[] = [];
  /** Appends a group's rows; answers the ids in it and under it. */
  const walk = (group: GroupNode, depth: number): Set<string> => {
    const at = rows.length;
    const row: GroupRow = {
      kind: 'group',
      key: group.key,
      label: group.label,
      depth,
      count: 0,
      marks: NO_MARKS,
      collapsed: terms.length === 0 && collapsed.has(group.key),
    };
    rows.push(row);
    const ids = new Set(group.ids);
    for (const child of group.children) {
      for (const id of walk(child, depth + 1)) ids.add(id);
    }
    if (ids.size === 0) {
      // A declared parent with nothing under it (or nothing matching): not listed.
      rows.length = at;
      return ids;
    }
    if (row.collapsed) rows.length = at + 1;
    else {
      for (const id of group.ids) {
        const entry = byId.get(id);
        if (entry) {
          rows.push({
            kind: 'endpoint',
            key: `${group.key}\n${id}`,
            depth: depth + 1,
            entry,
            marks: marks.get(id) ?? NO_MARKS,
          });
        }
      }
    }
    let errors = 0;
    let warnings = 0;
    for (const id of ids) {
      const mark = marks.get(id);
      if (mark) {
        errors += mark.errors;
        warnings += mark.warnings;
      }
    }
    row.count = ids.size;
    row.marks = errors + warnings === 0 ? NO_MARKS : { errors, warnings };
    return ids;
  };
  for (const root of roots) walk(root, 0);
  return rows;
}
