/**
 * What the docs preview renders: the document as JSON text, whole when it is
 * small, and one PART of it when it is large, so that the preview frame never parses or renders
 * GitHub's 13 MB at once (Scalar took 18–40 s on the whole of it, with a blank pane meanwhile).
 *
 * - A document is large past {@link LARGE_OPERATIONS} operations or {@link LARGE_TEXT_CHARS}
 *   characters of text. Its parts are the operations of one tag (an operation with several tags
 *   is in each of their parts), of one path prefix when no operation has a tag, its untagged
 *   operations, and its webhooks; a group of more than {@link MAX_PART_OPERATIONS} operations is
 *   split into pages of at most that many, in document order.
 * - A part keeps `openapi`, `info`, `servers`, `security`, `externalDocs`, extensions and every
 *   security scheme as they are, the `tags` (and `x-tagGroups`) its operations use, and of
 *   `components` only what its operations reach: local `$ref`s (and discriminator mappings)
 *   followed transitively, through components too. `$ref`s to other files stay as written (the
 *   frame replaces them by a note).
 * - YAML aliases are bounded twice: by the core's reader (readDocument, 128 MiB expanded), and
 *   what is sent to the frame by {@link MAX_PREVIEW_EXPANDED_BYTES}, measured per shared node
 *   before it is written out (EXPANSION_TOO_LARGE naming both sizes, within milliseconds) when
 *   it is also more than twice the text (aliases multiplied it; a large text without aliases is
 *   rendered).
 *
 * Every walk is iterative and visits each distinct node once (aliases share nodes).
 */
import { CoreError } from '../errors';
import { isObject, type JsonObject } from '../openapi-common';
import { forEachRef } from '../refs';
import { assertExpansion, readDocument } from '../yaml-io';

/** More operations than this and the preview shows the document in parts. */
export const LARGE_OPERATIONS = 150;
/** More characters of text than this (about 1.5 MB) and the preview shows it in parts. */
export const LARGE_TEXT_CHARS = 1.5 * 1024 * 1024;
/**
 * The most operations one part holds; a larger tag is split into pages. Scalar keeps rendering
 * after its first paint: on GitHub's description a part of 68 operations held the preview frame
 * (its own process, not the page) for 4.7 s, one of 34 for 0.7 s.
 */
export const MAX_PART_OPERATIONS = 40;
/**
 * The most a preview's JSON may expand to when the document's YAML aliases share nodes: Scalar
 * needs seconds and hundreds of MB per few MB it renders (a 282 KB aliased document took 19.7 s
 * and 1.39 GB), so an aliased document past this is refused, not rendered for minutes.
 */
export const MAX_PREVIEW_EXPANDED_BYTES = 8 * 1024 * 1024;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

/** One part of a large document, as the preview offers it. */
export interface PreviewPart {
  /** Stable while the document's grouping is the same: what the caller asks for. */
  id: string;
  /** A tag's operations, a path prefix's (no tags at all), the untagged ones, or webhooks. */
  kind: 'tag' | 'path' | 'untagged' | 'webhooks';
  /** The tag or the path prefix ('' for untagged and webhooks). */
  name: string;
  /** 1-based page of a group split in pages, and how many pages it has. */
  page: number;
  pages: number;
  operations: number;
}

/** An operation the form has open: the preview starts with its part. */
export interface PreviewOperation {
  path: string;
  method: string;
  webhook?: boolean;
}

export interface PreviewRequest {
  /** The text to preview; without it, the open document's current text. */
  text?: string;
  /** The part to show (an id from `parts`); unknown or absent: the part of `operation`. */
  part?: string;
  /** The endpoint open in the form, whose part is shown first. */
  operation?: PreviewOperation;
}

export interface PreviewAnswer {
  /** The JSON text the frame renders: the whole document, or the chosen part. */
  json: string;
  /** Operations of the whole document (paths and webhooks). */
  operations: number;
  /** Length of the document's text. */
  chars: number;
  /** Empty when the document is shown whole. */
  parts: PreviewPart[];
  /** The part `json` holds (absent when whole). */
  part?: PreviewPart;
  /** Why the document is shown in parts. */
  reason?: 'operations' | 'size';
  /** Ms spent preparing (reading aside when it was cached). */
  ms: number;
}

interface OperationRef {
  /** 'paths' or the key of the webhooks map ('webhooks', 'x-webhooks'). */
  section: string;
  path: string;
  /** A method key, or `additionalOperations/<key>`. */
  method: string;
  tags: string[];
}

/** The operations of a path item: method keys and 3.2 `additionalOperations` entries. */
function operationsOf(item: JsonObject): [string, JsonObject][] {
  const found: [string, JsonObject][] = [];
  for (const method of METHODS) {
    const operation = item[method];
    if (isObject(operation)) found.push([method, operation]);
  }
  const more = item['additionalOperations'];
  if (isObject(more)) {
    for (const [method, operation] of Object.entries(more)) {
      if (isObject(operation)) found.push([`additionalOperations/${method}`, operation]);
    }
  }
  return found;
}

const WEBHOOK_SECTIONS = ['webhooks', 'x-webhooks'];

function listOperations(doc: JsonObject): OperationRef[] {
  const found: OperationRef[] = [];
  for (const section of ['paths', ...WEBHOOK_SECTIONS]) {
    const items = doc[section];
    if (!isObject(items)) continue;
    for (const [path, item] of Object.entries(items)) {
      if (!isObject(item)) continue;
      for (const [method, operation] of operationsOf(item)) {
        const tags = Array.isArray(operation['tags'])
          ? operation['tags'].filter((tag): tag is string => typeof tag === 'string')
          : [];
        found.push({ section, path, method, tags });
      }
    }
  }
  return found;
}

/** The path's first `depth` segments: `/repos/{owner}/x` at 1 is `/repos`. */
function prefix(path: string, depth: number): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  return `/${segments.slice(0, depth).join('/')}`;
}

interface Group {
  kind: PreviewPart['kind'];
  name: string;
  members: OperationRef[];
}

/** The groups of a large document's operations, in the order the preview offers them. */
function groupOperations(doc: JsonObject, operations: OperationRef[]): Group[] {
  const groups = new Map<string, Group>();
  const add = (kind: Group['kind'], name: string, operation: OperationRef) => {
    const key = `${kind}:${name}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { kind, name, members: [] };
      groups.set(key, group);
    }
    group.members.push(operation);
  };
  // Tags in the order the document lists them, then the others as they come.
  if (Array.isArray(doc['tags'])) {
    for (const tag of doc['tags']) {
      if (isObject(tag) && typeof tag['name'] === 'string') {
        groups.set(`tag:${tag['name']}`, { kind: 'tag', name: tag['name'], members: [] });
      }
    }
  }
  const inPaths = operations.filter((operation) => operation.section === 'paths');
  const tagged = inPaths.some((operation) => operation.tags.length > 0);
  // Without any tag: the shallowest path prefix that splits the operations at all.
  let depth = 1;
  if (!tagged) {
    for (; depth < 3; depth++) {
      const names = new Set(inPaths.map((operation) => prefix(operation.path, depth)));
      if (names.size > 1) break;
    }
  }
  for (const operation of inPaths) {
    if (!tagged) add('path', prefix(operation.path, depth), operation);
    else if (operation.tags.length === 0) add('untagged', '', operation);
    else for (const tag of new Set(operation.tags)) add('tag', tag, operation);
  }
  const untagged = groups.get('untagged:');
  if (untagged !== undefined) {
    // Untagged operations come after the tags.
    groups.delete('untagged:');
    groups.set('untagged:', untagged);
  }
  for (const operation of operations) {
    if (operation.section !== 'paths') add('webhooks', '', operation);
  }
  return [...groups.values()].filter((group) => group.members.length > 0);
}

function partId(group: Group, page: number): string {
  return `${group.kind}:${group.name}#${page}`;
}

function splitGroups(groups: Group[]): { part: PreviewPart; members: OperationRef[] }[] {
  const parts: { part: PreviewPart; members: OperationRef[] }[] = [];
  for (const group of groups) {
    const pages = Math.ceil(group.members.length / MAX_PART_OPERATIONS);
    const per = Math.ceil(group.members.length / pages);
    for (let page = 1; page <= pages; page++) {
      const members = group.members.slice((page - 1) * per, page * per);
      parts.push({
        part: {
          id: partId(group, page),
          kind: group.kind,
          name: group.name,
          page,
          pages,
          operations: members.length,
        },
        members,
      });
    }
  }
  return parts;
}

/** A JSON pointer's segments (`#/components/schemas/A~1B` → components, schemas, A/B). */
function pointerSegments(ref: string): string[] | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let body = ref.slice(2);
  try {
    body = decodeURIComponent(body);
  } catch {
    // Not percent-encoded: read as written.
  }
  return body.split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The part's document: the chosen operations with what they reach. Shares the source's nodes
 * (nothing is changed); objects on the way to a kept operation are shallow copies.
 */
function buildPart(doc: JsonObject, members: OperationRef[]): JsonObject {
  const components = isObject(doc['components']) ? doc['components'] : {};
  /** Kept components: type → names ('*' for all of a type). */
  const kept = new Map<string, Set<string>>();
  /** Path items reached by a `$ref` into paths/webhooks (kept whole). */
  const reachedItems = new Map<string, Set<string>>();
  const chosen = new Map<string, Map<string, Set<string>>>();
  for (const member of members) {
    let section = chosen.get(member.section);
    if (section === undefined) chosen.set(member.section, (section = new Map()));
    let methods = section.get(member.path);
    if (methods === undefined) section.set(member.path, (methods = new Set()));
    methods.add(member.method);
  }

  const visited = new Set<object>();
  const stack: unknown[] = [];
  const reach = (ref: string) => {
    const segments = pointerSegments(ref);
    if (segments === undefined || segments.length === 0) return;
    const [top, type, name] = segments as [string, string | undefined, string | undefined];
    if (top === 'components' && type !== undefined) {
      const ofType = components[type];
      if (!isObject(ofType)) return;
      let names = kept.get(type);
      if (names === undefined) kept.set(type, (names = new Set()));
      if (name === undefined) {
        if (names.has('*')) return;
        names.add('*');
        stack.push(ofType);
      } else if (!names.has(name) && Object.hasOwn(ofType, name)) {
        names.add(name);
        stack.push(ofType[name]);
      }
    } else if ((top === 'paths' || WEBHOOK_SECTIONS.includes(top)) && type !== undefined) {
      const items = doc[top];
      if (!isObject(items) || !Object.hasOwn(items, type)) return;
      let paths = reachedItems.get(top);
      if (paths === undefined) reachedItems.set(top, (paths = new Set()));
      if (paths.has(type)) return;
      paths.add(type);
      stack.push(items[type]);
    }
    // Anything else at the top level is kept whole and walked below.
  };
  const walk = () => {
    while (stack.length > 0) forEachRef(stack.pop(), reach, { seen: visited });
  };

  // The chosen operations, in document order, in copies of their path items.
  const sections = new Map<string, JsonObject>();
  for (const [sectionKey, paths] of chosen) {
    const items = doc[sectionKey] as JsonObject;
    const out: JsonObject = {};
    for (const [path, item] of Object.entries(items)) {
      const methods = paths.get(path);
      if (methods === undefined || !isObject(item)) continue;
      const copy: JsonObject = {};
      for (const [key, value] of Object.entries(item)) {
        if (key === 'additionalOperations' && isObject(value)) {
          const more: JsonObject = {};
          for (const [method, operation] of Object.entries(value)) {
            if (methods.has(`additionalOperations/${method}`)) more[method] = operation;
          }
          if (Object.keys(more).length > 0) copy[key] = more;
        } else if (!METHODS.includes(key) || methods.has(key)) {
          copy[key] = value;
        }
      }
      out[path] = copy;
      stack.push(copy);
    }
    sections.set(sectionKey, out);
  }
  // What stays whole: everything at the top level but paths, webhooks, components and tags.
  const rebuilt = new Set(['paths', ...WEBHOOK_SECTIONS, 'components', 'tags', 'x-tagGroups']);
  for (const [key, value] of Object.entries(doc)) if (!rebuilt.has(key)) stack.push(value);
  // Security schemes are named by requirements, not by `$ref`: all of them stay.
  if (isObject(components['securitySchemes'])) {
    kept.set('securitySchemes', new Set(['*']));
    stack.push(components['securitySchemes']);
  }
  walk();

  // Path items a `$ref` reached whole (rare: a `$ref` into paths).
  for (const [sectionKey, paths] of reachedItems) {
    const items = doc[sectionKey] as JsonObject;
    const out = sections.get(sectionKey) ?? {};
    for (const path of paths) out[path] = items[path];
    sections.set(sectionKey, out);
  }

  const usedTags = new Set<string>();
  for (const section of sections.values()) {
    for (const item of Object.values(section)) {
      if (!isObject(item)) continue;
      for (const [, operation] of operationsOf(item)) {
        if (!Array.isArray(operation['tags'])) continue;
        for (const tag of operation['tags']) if (typeof tag === 'string') usedTags.add(tag);
      }
    }
  }

  const part: JsonObject = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'paths' || WEBHOOK_SECTIONS.includes(key)) {
      const section = sections.get(key);
      if (section !== undefined) part[key] = section;
      else if (key === 'paths') part[key] = {};
    } else if (key === 'components') {
      const out: JsonObject = {};
      for (const [type, entries] of Object.entries(components)) {
        if (type.startsWith('x-')) {
          out[type] = entries;
          continue;
        }
        const names = kept.get(type);
        if (names === undefined || !isObject(entries)) continue;
        if (names.has('*')) {
          out[type] = entries;
          continue;
        }
        const picked: JsonObject = {};
        for (const [name, entry] of Object.entries(entries)) {
          if (names.has(name)) picked[name] = entry;
        }
        out[type] = picked;
      }
      part[key] = out;
    } else if (key === 'tags' && Array.isArray(value)) {
      part[key] = value.filter(
        (tag) => isObject(tag) && typeof tag['name'] === 'string' && usedTags.has(tag['name']),
      );
    } else if (key === 'x-tagGroups' && Array.isArray(value)) {
      part[key] = value
        .filter(isObject)
        .map((group) => ({
          ...group,
          tags: Array.isArray(group['tags'])
            ? group['tags'].filter((tag) => typeof tag === 'string' && usedTags.has(tag))
            : [],
        }))
        .filter((group) => group.tags.length > 0);
    } else {
      part[key] = value;
    }
  }
  return part;
}

/** The part `request` asks for: by id, else the one holding its operation, else the first. */
function choosePart(
  parts: { part: PreviewPart; members: OperationRef[] }[],
  request: Omit<PreviewRequest, 'text'>,
): { part: PreviewPart; members: OperationRef[] } | undefined {
  if (request.part !== undefined) {
    const asked = parts.find((entry) => entry.part.id === request.part);
    if (asked !== undefined) return asked;
  }
  const open = request.operation;
  if (open !== undefined) {
    const method = open.method.toLowerCase();
    const found = parts.find((entry) =>
      entry.members.some(
        (member) =>
          member.path === open.path &&
          (member.section === 'paths') === (open.webhook !== true) &&
          (member.method === method || member.method === `additionalOperations/${open.method}`),
      ),
    );
    if (found !== undefined) return found;
  }
  return parts[0];
}

/**
 * The preview's input from a document's data (already read, aliases bounded by the reader) and
 * the length of its text; see the module comment.
 */
export function previewFromValue(
  value: unknown,
  chars: number,
  request: Omit<PreviewRequest, 'text'> = {},
): PreviewAnswer {
  const t0 = performance.now();
  if (!isObject(value)) {
    throw new CoreError('NOT_OPENAPI', 'The document is not an object.');
  }
  const operations = listOperations(value);
  const reason: PreviewAnswer['reason'] =
    operations.length > LARGE_OPERATIONS
      ? 'operations'
      : chars > LARGE_TEXT_CHARS
        ? 'size'
        : undefined;
  let out: unknown = value;
  let parts: PreviewPart[] = [];
  let chosen: PreviewPart | undefined;
  if (reason !== undefined) {
    const split = splitGroups(groupOperations(value, operations));
    if (split.length > 1) {
      const entry = choosePart(split, request) as (typeof split)[number];
      parts = split.map((item) => item.part);
      chosen = entry.part;
      out = buildPart(value, entry.members);
    }
  }
  try {
    assertExpansion(out, MAX_PREVIEW_EXPANDED_BYTES);
  } catch (error) {
    // Only aliases multiply: a document without them is about as large as its text (twice at
    // most, escapes aside), and is rendered however large.
    if (!(error instanceof CoreError) || error.code !== 'EXPANSION_TOO_LARGE') throw error;
    if ((error.size ?? 0) > 2 * chars) throw error;
  }
  const json = JSON.stringify(out);
  const answer: PreviewAnswer = {
    json,
    operations: operations.length,
    chars,
    parts,
    ms: performance.now() - t0,
  };
  if (chosen !== undefined) answer.part = chosen;
  if (chosen !== undefined && reason !== undefined) answer.reason = reason;
  return answer;
}

/** {@link previewFromValue} of a text, read with the core's guards (readDocument). */
export function previewFromText(
  text: string,
  request: Omit<PreviewRequest, 'text'> = {},
): PreviewAnswer {
  return previewFromValue(readDocument(text), text.length, request);
}

/** The open document, as the core's session has it (undefined when none is open). */
export interface OpenPreviewSource {
  /** Its current text (rendered once per revision). */
  text(): string;
  /** Its current data, untouched subtrees shared with what was read (no second read). */
  data(): unknown;
}

/**
 * The core API's preview: reads a text once and keeps its data for the next part (switching
 * parts of GitHub's description does not read 13 MB again); the open document's own text is
 * not read at all (its data is the session's).
 */
export class DocumentPreviewer {
  private last: { text: string; value: unknown } | undefined;

  preview(request: PreviewRequest, open: OpenPreviewSource | undefined): PreviewAnswer {
    const t0 = performance.now();
    const { text, ...rest } = request;
    let answer: PreviewAnswer | undefined;
    if (open !== undefined) {
      const current = open.text();
      if (text === undefined || text === current) {
        this.last = undefined;
        answer = previewFromValue(open.data(), current.length, rest);
      }
    }
    if (answer === undefined) {
      if (text === undefined) throw new CoreError('NO_DOCUMENT', 'No document is open.');
      if (this.last?.text !== text) {
        this.last = undefined;
        this.last = { text, value: readDocument(text) };
      }
      answer = previewFromValue(this.last.value, text.length, rest);
    }
    answer.ms = performance.now() - t0;
    return answer;
  }
}
