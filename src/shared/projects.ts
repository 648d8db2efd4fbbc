import { MAX_PROJECT_BYTES } from './sizes';

/**
 * Saved projects: the payloads of `/api/v1/customer/projects`, shared by the server
 * (schemas, limits) and the app (calls), and a cheap count of a document's operations.
 */

/** Default size limit of one project: its content plus its view state, in UTF-8 bytes. */
export const PROJECT_MAX_BYTES_DEFAULT = MAX_PROJECT_BYTES;
/** Default number of projects one account may hold. */
export const PROJECTS_PER_ACCOUNT_DEFAULT = 100;
/**
 * Default byte quota of one account: every project's content and view state plus every kept
 * revision, in UTF-8 bytes.
 */
export const ACCOUNT_QUOTA_BYTES_DEFAULT = 200 * 1024 * 1024;
/** Unnamed revisions older than this are pruned (named ones are kept). */
export const HISTORY_DAYS = 30;
/**
 * An autosave this soon after the start of the previous revision, by the same editing session,
 * updates that revision instead of adding one (a history of keystrokes says nothing).
 */
export const AUTOSAVE_STRETCH_MS = 5 * 60 * 1000;
/** Most revisions one history listing returns (newest first). */
export const REVISIONS_LISTED_MAX = 2000;
/** Longest project name (characters). */
export const PROJECT_NAME_MAX = 200;

export interface ProjectSummary {
  id: string;
  name: string;
  endpointCount: number;
  /** Content plus view state, UTF-8 bytes. */
  size: number;
  revision: number;
  /** ISO 8601. */
  updatedAt: string;
}

export interface Project {
  id: string;
  name: string;
  /** The OpenAPI document text. */
  content: string;
  /** The form's view state (incl. the output editor's text); null when none was saved. */
  viewState: unknown;
  revision: number;
  updatedAt: string;
  /**
   * The project's Spectral ruleset (YAML); null when it lints with the default. The server
   * always answers it; the app reads it through `/ruleset` ({@link ProjectRuleset}).
   */
  ruleset?: string | null;
  /** The ruleset's own revision (0 before it was first set), see {@link ProjectRuleset}. */
  rulesetRevision?: number;
}

/** Largest ruleset a project keeps, UTF-8 bytes. */
export const RULESET_MAX_BYTES = 256 * 1024;

/**
 * A project's ruleset (`/api/v1/customer/projects/:id/ruleset`). It is a setting of the project
 * with a revision of its own (its entity tag): a change needs `If-Match: "<rulesetRevision>"`
 * and answers 412 ({@link StaleRulesetResponse}) when the ruleset was changed elsewhere. It never
 * moves the document's revision, so editing the ruleset never makes an autosave stale. The server
 * stores the text only: it is validated in the app, by the lint engine, before it is saved.
 */
export interface ProjectRuleset {
  /** YAML text; null (or '' when saved) means the default ruleset. */
  ruleset: string | null;
  rulesetRevision: number;
}

/** A ruleset save's body: null or '' sets the default. */
export interface SaveRulesetRequest {
  ruleset: string | null;
}

/** Typed error codes of the ruleset route. */
export const RULESET_TOO_LARGE = 'RULESET_TOO_LARGE';
export const RULESET_STALE = 'RULESET_STALE';

/** What a stale ruleset save (412) answers: the ruleset stored now, to show the user. */
export interface StaleRulesetResponse extends ProjectRuleset {
  message: string;
  code: typeof RULESET_STALE;
}

/**
 * Why a save is made, sent as `revisionReason` with every save. `autosave` may be
 * folded into the revision the same editing session started less than
 * {@link AUTOSAVE_STRETCH_MS} ago; every other reason starts a new revision, so the version
 * before and after a Load, an Apply, a restore or a conflict resolution stay in the history.
 * `create` is the server's own reason for a project's first revision.
 */
export const REVISION_REASONS = [
  'autosave',
  'load',
  'apply',
  'restore',
  'conflict',
  'convert',
  'upgrade',
  'create',
] as const;
export type RevisionReason = (typeof REVISION_REASONS)[number];

/** Longest name of a version (characters). */
export const REVISION_NAME_MAX = 200;
/** Longest editing-session id a save may carry. */
export const EDIT_SESSION_MAX = 64;

export interface CreateProjectRequest {
  name: string;
  content: string;
  viewState?: unknown;
}

export interface UpdateProjectRequest {
  content: string;
  viewState?: unknown;
  name?: string;
  /** Why this save is made; absent means `autosave`. */
  revisionReason?: RevisionReason;
  /** The editing session (one per open tab) whose autosaves may be folded together. */
  editSession?: string;
}

export interface ProjectRevisionSummary {
  /** The project revision this version holds (the last save folded into it). */
  revision: number;
  size: number;
  /** When the version started (its first save). */
  createdAt: string;
  /** When it was last saved (autosaves folded into it move this). */
  savedAt: string;
  reason: RevisionReason;
  /** The name the user gave it; named versions are never pruned. */
  name: string | null;
}

export interface ProjectRevision extends ProjectRevisionSummary {
  content: string;
  viewState: unknown;
}

export interface ProjectLimits {
  maxProjectBytes: number;
  maxProjects: number;
  /** The account's byte quota: projects plus their history, UTF-8 bytes. */
  quotaBytes: number;
  /** What the account stores now, counted the same way. */
  usedBytes: number;
  /** Unnamed versions older than this many days are pruned. */
  historyDays: number;
}

/** What a stale save (412) answers besides its message. */
export interface StaleProjectResponse {
  message: string;
  revision: number;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * How many operations the document declares under `paths` and `webhooks` (3.1+: the generator
 * lists a webhook as an endpoint too), counted cheaply: JSON is parsed,
 * block YAML is scanned line by line by indentation (no YAML parser, so 10 MB costs a few
 * milliseconds). Flow-style YAML paths count 0. Never throws.
 */
export function countOperations(text: string): number {
  const start = firstNonSpace(text);
  if (start === '{') {
    try {
      return countJson(JSON.parse(text) as unknown);
    } catch {
      return 0;
    }
  }
  return countYaml(text);
}

function firstNonSpace(text: string): string {
  const match = /\S/.exec(text.length > 4096 ? text.slice(0, 4096) : text);
  return match ? match[0] : '';
}

function countJson(value: unknown): number {
  if (!value || typeof value !== 'object') return 0;
  let count = 0;
  for (const section of ['paths', 'webhooks'] as const) {
    const items = (value as Record<string, unknown>)[section];
    if (!items || typeof items !== 'object') continue;
    for (const item of Object.values(items as Record<string, unknown>)) {
      if (!item || typeof item !== 'object') continue;
      for (const key of Object.keys(item)) if (METHODS.has(key.toLowerCase())) count += 1;
    }
  }
  return count;
}

/** A key at the start of a block-mapping line: `  key:` or `  "key":` (value may follow). */
const KEY_LINE = /^( *)(?:"([^"]*)"|'([^']*)'|([^\s#'"][^:#]*?))\s*:(?:\s|$)/;

function countYaml(text: string): number {
  let count = 0;
  let inPaths = false;
  let pathIndent = -1; // indentation of the path keys
  let opIndent = -1; // indentation of the operation keys
  let lineStart = 0;
  const length = text.length;
  while (lineStart < length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = length;
    const line = text.slice(lineStart, lineEnd);
    lineStart = lineEnd + 1;
    const trimmed = line.trimStart();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed === '\r') continue;
    const indent = line.length - trimmed.length;
    if (indent === 0) {
      inPaths = /^(?:paths|webhooks)\s*:\s*(#.*)?\r?$/.test(line);
      pathIndent = -1;
      opIndent = -1;
      continue;
    }
    if (!inPaths) continue;
    if (pathIndent === -1) pathIndent = indent;
    if (indent < pathIndent) continue;
    if (indent === pathIndent) {
      opIndent = -1;
      continue;
    }
    if (opIndent === -1) opIndent = indent;
    if (indent !== opIndent) continue;
    const match = KEY_LINE.exec(line);
    const key = match ? (match[2] ?? match[3] ?? match[4] ?? '') : '';
    if (METHODS.has(key.toLowerCase())) count += 1;
  }
  return count;
}

/** What a save or create sends: the document text and the view state as JSON text. */
export interface ProjectBodyFields {
  name?: string | undefined;
  revisionReason?: RevisionReason | undefined;
  editSession?: string | undefined;
  content: string;
  /** JSON text of the view state; null sends `null`, undefined leaves it out. */
  viewStateJson?: string | null | undefined;
}

/**
 * The JSON body of a create or save, built around the document text with one string escape
 * (never a stringify of an object tree). Runs in a worker for large documents.
 */
export function projectBody(fields: ProjectBodyFields): string {
  let text = `{"content":${JSON.stringify(fields.content)}`;
  if (fields.viewStateJson !== undefined) text += `,"viewState":${fields.viewStateJson ?? 'null'}`;
  if (fields.name !== undefined) text += `,"name":${JSON.stringify(fields.name)}`;
  if (fields.revisionReason !== undefined) {
    text += `,"revisionReason":${JSON.stringify(fields.revisionReason)}`;
  }
  if (fields.editSession !== undefined) {
    text += `,"editSession":${JSON.stringify(fields.editSession)}`;
  }
  return `${text}}`;
}

/**
 * The output editor's text as one change of the document text: `content` with
 * `[start, end)` replaced by `text`. Usually small (hand edits sit in one place), so a project
 * does not hold a second copy of a large document.
 */
export interface OutputChange {
  start: number;
  end: number;
  text: string;
}

/** What a project keeps of the page besides the document (version 2). */
export interface ProjectViewState {
  v: 2;
  /** Absent when the output editor shows the document text itself. */
  output?: OutputChange;
}

/** Characters compared at once by {@link outputChange}'s scans. */
const COMPARE_CHARS = 16 * 1024;

/**
 * The one change that turns `content` into `output` (common prefix and suffix kept). The prefix
 * and suffix are skipped a block at a time by comparing slices (a native comparison of the two
 * strings' memory), then found to the character: over Stripe's 4 MB a character-by-character scan
 * took 20–65 ms, this 1–7 ms (it runs each time a workspace record is kept).
 */
export function outputChange(content: string, output: string): OutputChange | undefined {
  if (content === output) return undefined;
  const shorter = Math.min(content.length, output.length);
  let start = 0;
  while (
    start + COMPARE_CHARS <= shorter &&
    content.slice(start, start + COMPARE_CHARS) === output.slice(start, start + COMPARE_CHARS)
  ) {
    start += COMPARE_CHARS;
  }
  while (start < shorter && content.charCodeAt(start) === output.charCodeAt(start)) start++;
  let end = content.length;
  let outEnd = output.length;
  while (
    end - COMPARE_CHARS >= start &&
    outEnd - COMPARE_CHARS >= start &&
    content.slice(end - COMPARE_CHARS, end) === output.slice(outEnd - COMPARE_CHARS, outEnd)
  ) {
    end -= COMPARE_CHARS;
    outEnd -= COMPARE_CHARS;
  }
  while (
    end > start &&
    outEnd > start &&
    content.charCodeAt(end - 1) === output.charCodeAt(outEnd - 1)
  ) {
    end--;
    outEnd--;
  }
  return { start, end, text: output.slice(start, outEnd) };
}

/**
 * The view state's JSON text for a document and the output editor's text. Keys are in the order
 * PostgreSQL's jsonb gives them back (shorter keys first), so the text the server returns is
 * this very text and an unchanged view state is never taken for a change (or a conflict).
 */
export function projectViewStateJson(content: string, output: string): string {
  const change = outputChange(content, output);
  if (change === undefined) return JSON.stringify({ v: 2 } satisfies ProjectViewState);
  const { start, end, text } = change;
  return JSON.stringify({ v: 2, output: { end, text, start } } satisfies ProjectViewState);
}

function isOutputChange(value: unknown, length: number): value is OutputChange {
  if (typeof value !== 'object' || value === null) return false;
  const { start, end, text } = value as Partial<OutputChange>;
  return (
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    typeof text === 'string' &&
    (start as number) >= 0 &&
    (start as number) <= (end as number) &&
    (end as number) <= length
  );
}

/**
 * The output editor's text a project saved. Older projects (view state version 1, or none)
 * kept the output editor's text as their content; so does a view state that cannot be read.
 */
export function projectOutput(content: string, viewState: unknown): string {
  const output = (viewState as { v?: unknown; output?: unknown } | null)?.output;
  if ((viewState as { v?: unknown } | null)?.v !== 2 || !isOutputChange(output, content.length)) {
    return content;
  }
  return content.slice(0, output.start) + output.text + content.slice(output.end);
}
