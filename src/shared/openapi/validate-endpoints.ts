/**
 * The generator rules of spec §5 as per-endpoint, per-field issue codes (the red labels and
 * field errors of the form), plus "can generate" and "can load".
 */
import type { CheckDeadline } from './check-budget';
import { inferSchema } from './infer-schema';
import type { BodyModel, Endpoint, ResponseModel, Schema } from './model';
import type { OpenApiDialect } from './openapi-version';
import { baseDialect, featuresOf } from './versions';

/** Per-field issue codes of the generator rules of spec §5 (the red labels and field errors). */
export type EndpointIssueCode =
  | 'PATH_REQUIRED'
  | 'PATH_MUST_START_WITH'
  | 'PATH_INCORRECT_CHARS'
  | 'PARAM_NAME_REQUIRED'
  | 'PARAM_NAME_INCORRECT'
  | 'PARAM_EXAMPLE_REQUIRED'
  | 'REQUEST_BODY_NAME_REQUIRED'
  | 'RESPONSE_NAME_REQUIRED'
  | 'RESPONSE_CODE_REQUIRED'
  | 'RESPONSE_CODE_INVALID'
  | 'RESPONSE_CONFLICT'
  | 'NO_RESPONSES'
  | 'DUPLICATE'
  | 'BODY_NAME_SCHEMA_CLASH'
  /** Two responses of one endpoint share a status code (the later ones are flagged). */
  | 'RESPONSE_CODE_DUPLICATE'
  /** Two endpoints share an operationId (every one involved is flagged). */
  | 'OPERATION_ID_DUPLICATE'
  /** An operationId that is blank or holds whitespace or control characters. */
  | 'OPERATION_ID_INVALID'
  /** The path names a `{parameter}` that no path parameter defines. */
  | 'PATH_PARAM_UNDEFINED'
  /** A path parameter that the path does not name. */
  | 'PATH_PARAM_NOT_IN_PATH'
  /** PATH_PARAM_UNDEFINED in an endpoint loaded so and not changed since (a warning). */
  | 'PATH_PARAM_UNDEFINED_AS_LOADED'
  /** A loaded, untouched path or parameter name outside the form's characters (a warning). */
  | 'PATH_INCORRECT_CHARS_AS_LOADED'
  | 'PARAM_NAME_INCORRECT_AS_LOADED'
  /** PATH_PARAM_NOT_IN_PATH in an endpoint loaded so and not changed since (a warning). */
  | 'PATH_PARAM_NOT_IN_PATH_AS_LOADED'
  /**
   * The batch's rule checks ran out of their time budget before this endpoint (check-budget.ts):
   * its own rules were not checked (a warning, until it changes), so one batch never freezes.
   */
  | 'CHECK_TIME_BUDGET';

/** One rule broken by an endpoint, and the field it concerns. */
export interface EndpointIssue {
  code: EndpointIssueCode;
  /**
   * Where the issue sits: 'path', 'responses', 'requestBody.name', 'parameters.<paramId>.name',
   * 'parameters.<paramId>.example', 'responses.<index>.statusCode', 'responses.<index>.body.name',
   * 'operationId', or '' for the endpoint as a whole (DUPLICATE).
   */
  field: string;
}

/** Whether two lists hold the same issues in the same order. */
export function sameIssues(a: readonly EndpointIssue[], b: readonly EndpointIssue[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((issue, i) => issue.code === b[i]?.code && issue.field === b[i]?.field);
}

/**
 * An endpoint as validation reads it. `loadedAsIs` marks a view exactly as a loaded document has
 * it, not changed by the user since: what the document itself gets wrong is a warning
 * there (a real document still generates, and nothing is changed without the user), and the same
 * thing is an error once the user made or changed the endpoint.
 */
export interface EndpointToValidate extends Endpoint {
  loadedAsIs?: boolean;
}

/** Examples longer than this are validated as a stand-in ('0'): the rules only ask "is it JSON". */
const VALIDATION_BODY_CAP = 256;

function projectBody(body: BodyModel): BodyModel {
  const projected: BodyModel = {
    name: body.name,
    customerJson: body.customerJson.length > VALIDATION_BODY_CAP ? '0' : body.customerJson,
  };
  // Validation only asks whether a body has a schema: keep that answer, not the payload.
  if (body.schema !== undefined) projected.schema = {};
  return projected;
}

/**
 * The part of an endpoint the spec §5 rules read: big examples and imported schemas are replaced
 * by small stand-ins (validating 468 imported endpoints copies kilobytes, not megabytes). Used by
 * the worker's document session and by the page's tests of it.
 */
export function validationProjection(endpoint: Endpoint, loadedAsIs: boolean): EndpointToValidate {
  const view: EndpointToValidate = {
    id: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    summary: '',
    parameters: endpoint.parameters.map((p) => ({
      id: p.id,
      name: p.name,
      location: p.location,
      required: p.required,
      description: '',
      example: p.example,
    })),
    responses: endpoint.responses.map((r) => {
      const response: ResponseModel = { body: projectBody(r.body) };
      if (r.statusCode !== undefined) response.statusCode = r.statusCode;
      return response;
    }),
  };
  if (endpoint.requestBody !== undefined) view.requestBody = projectBody(endpoint.requestBody);
  if (endpoint.operationId !== undefined) view.operationId = endpoint.operationId;
  if (endpoint.otherResponses !== undefined) view.otherResponses = endpoint.otherResponses;
  if (endpoint.webhook !== undefined) view.webhook = endpoint.webhook;
  if (loadedAsIs) view.loadedAsIs = true;
  return view;
}

/** The result of {@link validateEndpoints} for a whole endpoint list. */
export interface ValidationReport {
  /** Issues by endpoint id; every endpoint id is present (an empty list when it is clean). */
  issues: Record<string, EndpointIssue[]>;
  /** Ids of endpoints that share method and path with another. */
  duplicateIds: string[];
  /** Spec §5 "Generate is enabled", before the busy flag is considered. */
  canGenerate: boolean;
}

/** Outcome kinds of the route-path check of spec §5. */
export type RoutePathError = 'REQUIRED' | 'MUST_START_WITH' | 'INCORRECT_CHARS';

/**
 * Spec §5: characters an endpoint path may contain besides letters and digits, plus '.' and '~'
 * (RFC 3986 unreserved: real documents have `/rest/agile/1.0/board`).
 */
export const PATH_SYMBOLS = '/_{}-.~';
const PATH_CHARS = /^[A-Za-z0-9/_{}.~-]*$/;
/** Letters, digits and the symbols a literal run of a segment may hold besides inner hyphens. */
function isLiteralChar(code: number): boolean {
  return isWordChar(code) || code === 0x2e /* . */ || code === 0x7e; /* ~ */
}

/** Letters, digits and '_'. */
function isWordChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f
  );
}

/**
 * Whether a path has the form's route grammar: segments separated by single slashes, with an
 * optional trailing slash; a segment is literals and `{name}` templates side by side (`{id}.json`,
 * `v{n}`); a literal is letters, digits, '_', '.', '~' with inner hyphens; a template's name is
 * words joined by single '.' or '-' (`{account-id}`, `{v.1}`). One pass, no backtracking: a
 * pattern with nested quantifiers took seconds on a Google path such as `/v1/{name}:cancel`.
 */
function isRoutePath(path: string): boolean {
  const n = path.length;
  if (n === 0 || path.charCodeAt(0) !== 0x2f) return false;
  let i = 1;
  if (i === n) return true;
  for (;;) {
    const start = i;
    while (i < n && path.charCodeAt(i) !== 0x2f) {
      const code = path.charCodeAt(i);
      if (code === 0x7b /* { */) {
        i += 1;
        if (i >= n || !isWordChar(path.charCodeAt(i))) return false;
        while (i < n && isWordChar(path.charCodeAt(i))) i += 1;
        while (
          i + 1 < n &&
          isNameJoiner(path.charCodeAt(i)) &&
          isWordChar(path.charCodeAt(i + 1))
        ) {
          i += 1;
          while (i < n && isWordChar(path.charCodeAt(i))) i += 1;
        }
        if (i >= n || path.charCodeAt(i) !== 0x7d /* } */) return false;
        i += 1;
      } else if (isLiteralChar(code)) {
        while (i < n && isLiteralChar(path.charCodeAt(i))) i += 1;
        while (i + 1 < n && path.charCodeAt(i) === 0x2d && isLiteralChar(path.charCodeAt(i + 1))) {
          i += 1;
          while (i < n && isLiteralChar(path.charCodeAt(i))) i += 1;
        }
      } else {
        return false; // a hyphen that starts or ends a run, or a character the form does not take
      }
    }
    if (i === start) return false; // an empty segment ('//')
    if (i === n) return true;
    i += 1; // the slash
    if (i === n) return true; // the trailing slash
  }
}

/** '.' or '-' between the words of a template's name. */
function isNameJoiner(code: number): boolean {
  return code === 0x2e || code === 0x2d;
}

/**
 * Spec §5 route-path check: non-empty after trimming, starts with '/', and (unless just '/')
 * segments of letters, digits, underscore and inner hyphens or a `{word}` parameter, with an
 * optional trailing slash. Returns undefined for a valid path. Linear in the path's length.
 */
export function checkRoutePath(path: string): RoutePathError | undefined {
  if (path.trim().length === 0) return 'REQUIRED';
  if (!path.startsWith('/')) return 'MUST_START_WITH';
  return isRoutePath(path) ? undefined : 'INCORRECT_CHARS';
}

/**
 * Spec §5 endpoint path rule alone (required, leading '/', allowed characters letters, digits
 * and `/ _ { } -`), without the segment structure that {@link checkRoutePath} adds.
 */
export function checkPathCharacters(path: string): RoutePathError | undefined {
  if (path.trim().length === 0) return 'REQUIRED';
  if (!path.startsWith('/')) return 'MUST_START_WITH';
  return PATH_CHARS.test(path) ? undefined : 'INCORRECT_CHARS';
}

const PARAM_NAME = /^[A-Za-z0-9/_{}-]+$/;

/** Spec §5: drops what a body or response name may not contain (letters, digits, - and _). */
export function sanitizeName(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '');
}

/** Drops what a parameter name may not contain (letters, digits, / _ - { }). */
export function sanitizeParamName(text: string): string {
  return text.replace(/[^A-Za-z0-9/_{}-]/g, '');
}

/** Spec §5 "a body exists": it has an explicit schema or a non-blank example JSON. */
export function hasBody(body: BodyModel | undefined): body is BodyModel {
  return body !== undefined && (body.schema !== undefined || body.customerJson.trim() !== '');
}

/** Status codes a response may carry (OpenAPI response keys are 100–599). */
export function isValidStatusCode(code: unknown): code is number {
  return typeof code === 'number' && Number.isInteger(code) && code >= 100 && code <= 599;
}

/**
 * Codes that show on the form but do not stop generation. Generate is blocked by
 * exactly what would make the output invalid or ambiguous, so a response conflict (a valid
 * design: 200 with a body beside 204 without) and parameter names outside the spec's characters
 * (`page[size]` is valid OpenAPI) are warnings; a blank parameter name blocks (it would be
 * written as `name: ""`).
 */
export const NON_BLOCKING: ReadonlySet<EndpointIssueCode> = new Set<EndpointIssueCode>([
  'PARAM_NAME_INCORRECT',
  'PARAM_EXAMPLE_REQUIRED',
  'RESPONSE_CONFLICT',
  'PATH_PARAM_UNDEFINED_AS_LOADED',
  'PATH_PARAM_NOT_IN_PATH_AS_LOADED',
  'PATH_INCORRECT_CHARS_AS_LOADED',
  'PARAM_NAME_INCORRECT_AS_LOADED',
  // An operationId with spaces is valid OpenAPI (`find pet by id` in the Swagger petstore):
  // code generators cannot use it as a name, so it is a warning, never a reason not to generate.
  'OPERATION_ID_INVALID',
  // A check cut by its time budget says what was not checked; it never blocks.
  'CHECK_TIME_BUDGET',
]);

/** Whether an issue stops generation (see {@link NON_BLOCKING}). */
export function isBlocking(code: EndpointIssueCode): boolean {
  return !NON_BLOCKING.has(code);
}

const ROUTE_TO_ISSUE: Record<RoutePathError, EndpointIssueCode> = {
  REQUIRED: 'PATH_REQUIRED',
  MUST_START_WITH: 'PATH_MUST_START_WITH',
  INCORRECT_CHARS: 'PATH_INCORRECT_CHARS',
};

/**
 * Applies every generator rule of spec §5 to the endpoint list. `dialect` is the open document's:
 * from OpenAPI 3.1 on an operation's `responses` is optional, so an operation without
 * any is no error there (a loaded one is kept without; a generated one gets a `default`).
 */
export function validateEndpoints(
  endpoints: readonly EndpointToValidate[],
  dialect: OpenApiDialect = baseDialect(),
): ValidationReport {
  const validator = new EndpointValidator(dialect);
  validator.update(endpoints, []);
  const issues: Record<string, EndpointIssue[]> = {};
  for (const endpoint of endpoints)
    setOwnList(issues, endpoint.id, validator.issuesOf(endpoint.id));
  return {
    issues,
    duplicateIds: validator.duplicateIds(() => endpoints.map((endpoint) => endpoint.id)),
    canGenerate: validator.canGenerate(),
  };
}

/** Sets an own property (an id such as "__proto__" or "constructor" must not hit Object's). */
function setOwnList(
  record: Record<string, EndpointIssue[]>,
  id: string,
  list: EndpointIssue[],
): void {
  Object.defineProperty(record, id, {
    value: list,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** One body of an endpoint under a name, for the BODY_NAME_SCHEMA_CLASH rule. */
interface BodyUse {
  id: string;
  field: string;
  /** The body's name, trimmed. */
  name: string;
  /** The canonical shape of its schema; undefined when it cannot be had (not compared). */
  shape: string | undefined;
}

/** What the validator keeps of one endpoint. */
interface Entry {
  /** Its own issues (the rules that read this endpoint alone). */
  own: EndpointIssue[];
  route: string;
  /** A valid operationId (an invalid one takes part in no group). */
  operationId: string | undefined;
  operationIdInvalid: boolean;
  uses: BodyUse[];
}

/**
 * The spec §5 rules kept up to date edit by edit: each endpoint's own issues are
 * computed when it changes, and the rules across endpoints (the same route twice, one
 * operationId twice, one body name with two schemas) are indexes by route, operationId and body
 * name. An edit costs what its endpoint and its groups cost, not the whole document: a keystroke
 * on Microsoft Graph's 11,000 operations costs what it costs on ten.
 */
export class EndpointValidator {
  private readonly entries = new Map<string, Entry>();
  private readonly routes = new Map<string, Set<string>>();
  private readonly operationIds = new Map<string, Set<string>>();
  /** Body name → its uses by `id field`, and how many uses have each shape. */
  private readonly names = new Map<
    string,
    { uses: Map<string, BodyUse>; shapes: Map<string, number> }
  >();
  /** Ids whose issues block generation. */
  private readonly blocking = new Set<string>();
  /** Shapes of the samples validation sees (at most VALIDATION_BODY_CAP characters each). */
  private readonly sampleShapes = new Map<string, string | undefined>();

  constructor(readonly dialect: OpenApiDialect) {}

  /** How many endpoints it holds. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Takes the endpoints that changed or were added, and the ids of those removed. Answers the
   * ids whose issues may have changed: these, and the others of every group they left or
   * joined whose verdict changed. With a `deadline`, the endpoints reached after it expired
   * are indexed by route and operationId but their own rules and body shapes are not checked:
   * they carry CHECK_TIME_BUDGET (a warning) until they change again.
   */
  update(
    changed: Iterable<EndpointToValidate>,
    removed: Iterable<string>,
    deadline?: CheckDeadline,
  ): Set<string> {
    const affected = new Set<string>();
    for (const id of removed) {
      const entry = this.entries.get(id);
      if (entry === undefined) continue;
      this.unindex(id, entry, affected);
      this.entries.delete(id);
      this.blocking.delete(id);
    }
    const touched: string[] = [];
    for (const endpoint of changed) {
      const old = this.entries.get(endpoint.id);
      if (old !== undefined) this.unindex(endpoint.id, old, affected);
      const entry = this.entryOf(endpoint, deadline?.expired() === true);
      this.entries.set(endpoint.id, entry);
      this.index(endpoint.id, entry, affected);
      touched.push(endpoint.id);
    }
    for (const id of touched) affected.add(id);
    for (const id of removed) affected.delete(id);
    for (const id of affected) {
      if (this.issuesOf(id).some((issue) => !NON_BLOCKING.has(issue.code))) this.blocking.add(id);
      else this.blocking.delete(id);
    }
    return affected;
  }

  /** The issues of one endpoint: its own, then DUPLICATE, name clashes and operationId's. */
  issuesOf(id: string): EndpointIssue[] {
    const entry = this.entries.get(id);
    if (entry === undefined) return [];
    const list = [...entry.own];
    if ((this.routes.get(entry.route)?.size ?? 0) > 1) list.push({ code: 'DUPLICATE', field: '' });
    for (const use of entry.uses) {
      if (use.shape !== undefined && this.clashes(use)) {
        list.push({ code: 'BODY_NAME_SCHEMA_CLASH', field: use.field });
      }
    }
    if (entry.operationIdInvalid) {
      list.push({ code: 'OPERATION_ID_INVALID', field: 'operationId' });
    } else if (
      entry.operationId !== undefined &&
      (this.operationIds.get(entry.operationId)?.size ?? 0) > 1
    ) {
      list.push({ code: 'OPERATION_ID_DUPLICATE', field: 'operationId' });
    }
    return list;
  }

  /**
   * Ids of endpoints that share method and path with another: by route, in the order the
   * routes first appear in the list, and each route's endpoints in list order, when `order`
   * (the endpoints' ids in list order) is given.
   */
  duplicateIds(order?: () => readonly string[]): string[] {
    const groups: string[][] = [];
    for (const group of this.routes.values()) if (group.size > 1) groups.push([...group]);
    if (groups.length === 0) return [];
    if (order !== undefined) {
      const position = new Map<string, number>();
      order().forEach((id, index) => position.set(id, index));
      const at = (id: string) => position.get(id) ?? Number.MAX_SAFE_INTEGER;
      for (const group of groups) group.sort((a, b) => at(a) - at(b));
      groups.sort((a, b) => at(a[0] as string) - at(b[0] as string));
    }
    return groups.flat();
  }

  /** Spec §5 "Generate is enabled", before the busy flag is considered. */
  canGenerate(): boolean {
    return this.entries.size > 0 && this.blocking.size === 0;
  }

  private clashes(use: BodyUse): boolean {
    return (this.names.get(use.name)?.shapes.size ?? 0) > 1;
  }

  /**
   * What the validator keeps of an endpoint. `unchecked` (the time budget did not reach it): in
   * the route and operationId groups, so the others' duplicates stay right, with
   * CHECK_TIME_BUDGET in place of its own rules and no body uses (their shapes are inferred).
   */
  private entryOf(endpoint: EndpointToValidate, unchecked = false): Entry {
    const root = endpoint.webhook === true ? 'webhook ' : '';
    const uses: BodyUse[] = [];
    const addUse = (body: BodyModel | undefined, field: string) => {
      if (unchecked || !hasBody(body)) return;
      const name = (body.name ?? '').trim();
      if (name === '') return;
      uses.push({ id: endpoint.id, field, name, shape: this.shapeOfBody(body) });
    };
    addUse(endpoint.requestBody, 'requestBody.name');
    (endpoint.responses ?? []).forEach((response, index) =>
      addUse(response.body, `responses.${index}.body.name`),
    );
    const operationId =
      endpoint.operationId !== undefined && isValidOperationId(endpoint.operationId)
        ? endpoint.operationId
        : undefined;
    const entry: Entry = {
      own: unchecked
        ? [{ code: 'CHECK_TIME_BUDGET', field: '' }]
        : ownIssues(endpoint, this.dialect),
      route: `${root}${endpoint.method} ${(endpoint.path ?? '').trim()}`,
      operationId,
      operationIdInvalid: endpoint.operationId !== undefined && operationId === undefined,
      uses,
    };
    return entry;
  }

  private index(id: string, entry: Entry, affected: Set<string>): void {
    joinGroup(this.routes, entry.route, id, affected);
    if (entry.operationId !== undefined)
      joinGroup(this.operationIds, entry.operationId, id, affected);
    for (const use of entry.uses) {
      const name = use.name;
      let group = this.names.get(name);
      if (group === undefined) {
        group = { uses: new Map(), shapes: new Map() };
        this.names.set(name, group);
      }
      const clashed = group.shapes.size > 1;
      group.uses.set(`${id}\u0000${use.field}`, use);
      if (use.shape !== undefined)
        group.shapes.set(use.shape, (group.shapes.get(use.shape) ?? 0) + 1);
      if (clashed !== group.shapes.size > 1)
        for (const other of group.uses.values()) affected.add(other.id);
    }
  }

  private unindex(id: string, entry: Entry, affected: Set<string>): void {
    leaveGroup(this.routes, entry.route, id, affected);
    if (entry.operationId !== undefined)
      leaveGroup(this.operationIds, entry.operationId, id, affected);
    for (const use of entry.uses) {
      const name = use.name;
      const group = this.names.get(name);
      if (group === undefined) continue;
      const clashed = group.shapes.size > 1;
      group.uses.delete(`${id}\u0000${use.field}`);
      if (use.shape !== undefined) {
        const count = (group.shapes.get(use.shape) ?? 0) - 1;
        if (count > 0) group.shapes.set(use.shape, count);
        else group.shapes.delete(use.shape);
      }
      if (clashed !== group.shapes.size > 1)
        for (const other of group.uses.values()) affected.add(other.id);
      if (group.uses.size === 0) this.names.delete(name);
    }
  }

  /** The shape a body is compared by (equal sample texts are inferred once). */
  private shapeOfBody(body: BodyModel): string | undefined {
    if (body.schema !== undefined) return shapeOf(body.schema);
    const text = body.customerJson;
    if (text.length > VALIDATION_BODY_CAP) return shapeOfSample(text);
    if (!this.sampleShapes.has(text)) {
      if (this.sampleShapes.size > 10_000) this.sampleShapes.clear();
      this.sampleShapes.set(text, shapeOfSample(text));
    }
    return this.sampleShapes.get(text);
  }
}
/** Adds an id to a group; when the group becomes a duplicate, its members are affected. */
function joinGroup(
  groups: Map<string, Set<string>>,
  key: string,
  id: string,
  affected: Set<string>,
): void {
  let group = groups.get(key);
  if (group === undefined) {
    group = new Set();
    groups.set(key, group);
  }
  group.add(id);
  if (group.size === 2) for (const other of group) affected.add(other);
}

/** Takes an id out of a group; when the group stops being a duplicate, its member is affected. */
function leaveGroup(
  groups: Map<string, Set<string>>,
  key: string,
  id: string,
  affected: Set<string>,
): void {
  const group = groups.get(key);
  if (group === undefined) return;
  group.delete(id);
  if (group.size === 1) for (const other of group) affected.add(other);
  if (group.size === 0) groups.delete(key);
}

/**
 * The rules of spec §5 that read one endpoint alone, in the order the form lists them. A
 * cross-endpoint rule (duplicates, operationIds, body names) is the validator's.
 */
function ownIssues(endpoint: EndpointToValidate, dialect: OpenApiDialect): EndpointIssue[] {
  const responsesOptional = featuresOf(dialect).responsesOptional;
  const list: EndpointIssue[] = [];
  const add = (code: EndpointIssueCode, field: string) => list.push({ code, field });

  // A webhook's "path" is its name (OpenAPI 3.1+ `webhooks`): any non-empty key, no route.
  const pathError =
    endpoint.webhook === true
      ? (endpoint.path ?? '').trim() === ''
        ? 'REQUIRED'
        : undefined
      : checkRoutePath(endpoint.path ?? '');
  // A real document's path or parameter name may use what the form does not offer
  // (`/cookies#form`, `filter[name]`): as loaded and untouched that is a warning, so the
  // document still generates; the user's own change makes it an error.
  const asLoaded = endpoint.loadedAsIs === true;
  if (pathError === 'INCORRECT_CHARS' && asLoaded) add('PATH_INCORRECT_CHARS_AS_LOADED', 'path');
  else if (pathError !== undefined) add(ROUTE_TO_ISSUE[pathError], 'path');

  for (const parameter of endpoint.parameters ?? []) {
    const name = parameter.name ?? '';
    if (name.trim() === '') add('PARAM_NAME_REQUIRED', `parameters.${parameter.id}.name`);
    else if (!PARAM_NAME.test(name))
      add(
        asLoaded ? 'PARAM_NAME_INCORRECT_AS_LOADED' : 'PARAM_NAME_INCORRECT',
        `parameters.${parameter.id}.name`,
      );
    const example = parameter.example ?? '';
    if (example !== '' && example.trim() === '') {
      add('PARAM_EXAMPLE_REQUIRED', `parameters.${parameter.id}.example`);
    }
  }

  if (pathError === undefined && endpoint.webhook !== true) flagPathParameters(endpoint, add);

  if (hasBody(endpoint.requestBody) && (endpoint.requestBody.name ?? '').trim() === '') {
    add('REQUEST_BODY_NAME_REQUIRED', 'requestBody.name');
  }

  const responses = endpoint.responses ?? [];
  // A loaded operation whose only responses the form cannot show (`default`) has responses.
  if (
    !responsesOptional &&
    responses.length === 0 &&
    (endpoint.otherResponses?.length ?? 0) === 0
  ) {
    add('NO_RESPONSES', 'responses');
  }
  responses.forEach((response, index) => {
    const code = response.statusCode;
    if (code === undefined || code === null || (typeof code === 'number' && Number.isNaN(code))) {
      add('RESPONSE_CODE_REQUIRED', `responses.${index}.statusCode`);
    } else if (!isValidStatusCode(code)) {
      add('RESPONSE_CODE_INVALID', `responses.${index}.statusCode`);
    }
    if (hasBody(response.body) && (response.body.name ?? '').trim() === '') {
      add('RESPONSE_NAME_REQUIRED', `responses.${index}.body.name`);
    }
  });

  // Spec §5: sort by code; where adjacent responses differ in having a body, flag the later.
  const coded = responses
    .map((response, index) => ({ index, code: response.statusCode, body: hasBody(response.body) }))
    .filter((entry): entry is { index: number; code: number; body: boolean } =>
      isValidStatusCode(entry.code),
    )
    .sort((a, b) => a.code - b.code || a.index - b.index);
  for (let i = 1; i < coded.length; i++) {
    const previous = coded[i - 1] as (typeof coded)[number];
    const current = coded[i] as (typeof coded)[number];
    if (previous.code === current.code) {
      add('RESPONSE_CODE_DUPLICATE', `responses.${current.index}.statusCode`);
    }
    // A loaded document's 200 with a body beside its 204 without is a valid design, not news.
    if (previous.body !== current.body && endpoint.loadedAsIs !== true) {
      add('RESPONSE_CONFLICT', `responses.${current.index}.statusCode`);
    }
  }

  return list;
}

/** The `{name}`s of a path template, in order, each once. */
export function pathTemplateNames(path: string): string[] {
  const names: string[] = [];
  for (const match of path.matchAll(/\{([^{}/]+)\}/g)) {
    const name = match[1] as string;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * OpenAPI: every `{name}` of a path is a path parameter of the operation (path-level ones are
 * merged into each operation's view), and every path parameter appears in the path. A view
 * loaded so and untouched gets the warning codes; one the user made or changed, the errors.
 */
function flagPathParameters(
  endpoint: EndpointToValidate,
  add: (code: EndpointIssueCode, field: string) => void,
): void {
  const asLoaded = endpoint.loadedAsIs === true;
  const names = pathTemplateNames(endpoint.path ?? '');
  const defined = new Set<string>();
  for (const parameter of endpoint.parameters ?? []) {
    if (parameter.location !== 'path') continue;
    const name = (parameter.name ?? '').trim();
    if (name === '') continue; // PARAM_NAME_REQUIRED says it
    defined.add(name);
    if (!names.includes(name)) {
      add(
        asLoaded ? 'PATH_PARAM_NOT_IN_PATH_AS_LOADED' : 'PATH_PARAM_NOT_IN_PATH',
        `parameters.${parameter.id}.name`,
      );
    }
  }
  if (names.some((name) => !defined.has(name))) {
    add(asLoaded ? 'PATH_PARAM_UNDEFINED_AS_LOADED' : 'PATH_PARAM_UNDEFINED', 'path');
  }
}

/** An operationId: non-empty, no whitespace or control characters. */
export function isValidOperationId(id: string): boolean {
  // eslint-disable-next-line no-control-regex
  return id.length > 0 && !/[\s\u0000-\u001f\u007f]/.test(id);
}

/** The shape of the schema inferred from a sample; undefined when it cannot be had. */
function shapeOfSample(text: string): string | undefined {
  let schema: Schema | undefined;
  try {
    schema = inferSchema(text);
  } catch {
    return undefined; // Too large or too deep: generation reports it with a typed error.
  }
  return schema === undefined ? undefined : shapeOf(schema);
}

/** A schema as canonical text without examples (undefined when too deep to compare). */
function shapeOf(schema: Schema): string | undefined {
  return canonicalShape(schema, 0);
}

/** Deepest schema nesting compared; deeper schemas are left to the generator. */
const MAX_SHAPE_DEPTH = 512;

function canonicalShape(value: unknown, depth: number): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (depth > MAX_SHAPE_DEPTH) return undefined;
  const parts: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      const part = canonicalShape(item, depth + 1);
      if (part === undefined) return undefined;
      parts.push(part);
    }
    return `[${parts.join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) {
    if (key === 'example' || record[key] === undefined) continue;
    const item = record[key];
    // `properties` holds names → schemas (its keys are names, not keywords, so all are kept);
    // `required` is a set, so its order does not matter.
    const part =
      key === 'properties' && item !== null && typeof item === 'object'
        ? propertiesShape(item as Record<string, unknown>, depth + 1)
        : key === 'required' && Array.isArray(item)
          ? JSON.stringify([...(item as unknown[])].map(String).sort())
          : canonicalShape(item, depth + 1);
    if (part === undefined) return undefined;
    parts.push(`${JSON.stringify(key)}:${part}`);
  }
  return `{${parts.join(',')}}`;
}

function propertiesShape(properties: Record<string, unknown>, depth: number): string | undefined {
  const parts: string[] = [];
  for (const key of Object.keys(properties).sort()) {
    const part = canonicalShape(properties[key], depth + 1);
    if (part === undefined) return undefined;
    parts.push(`${JSON.stringify(key)}:${part}`);
  }
  return `{${parts.join(',')}}`;
}

/** Spec §5: Load is enabled only with non-empty text and nothing busy. */
export function canLoad(text: string, busy = false): boolean {
  return !busy && text.trim().length > 0;
}
