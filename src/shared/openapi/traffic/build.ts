/**
 * Recorded calls → form endpoints. See docs/decisions.md ("Traffic import").
 * - Paths are templated: numeric, uuid, date and hash-like segments (long hex, long mixed
 *   letters-and-digits tokens) become path parameters, named from the segment before them
 *   (`/users/{userId}`). Literal segments that vary between calls become a parameter too when
 *   the calls agree on everything else and their responses have the same structure, or (no
 *   responses, as with cURL) when a literal follows them or they sit under a plural segment.
 * - Calls with the same method and templated path are one endpoint; query parameters and
 *   request headers (minus connection and browser noise) become parameters, required when
 *   every call has them.
 * - Bodies become named examples, merged per endpoint and per status; the schema is
 *   inferSchemaFromValues of all of them. Non-JSON bodies keep their media type and are string
 *   examples.
 * - Secrets never pass (redact.ts): values secret by name or by shape get a
 *   placeholder in headers, query strings, URLs, path segments and bodies of every type; Cookie
 *   is not a parameter at all. A body that does not parse (declared JSON that is not) is not an
 *   example: it is offered, redacted, in `unparsed` for the user to choose. Keys and names are
 *   judged as values are (a key can be a token), and personal data (e-mail addresses, card
 *   numbers) becomes typed placeholders; the warnings say how many were replaced.
 * - An `Authorization` header is not a parameter (OpenAPI ignores one): it becomes a
 *   security scheme in `securitySchemes` (http bearer or basic, or an apiKey in the header for
 *   other schemes) and the endpoint's security requirement — optional (`{}` among the
 *   alternatives) when some of its calls sent none.
 */
import type { SecuritySchemeObject } from '../document/meta';
import { inferSchemaFromValues } from '../inference/infer-values';
import type { ImportWarning } from '../read-openapi';
import type {
  BodyModel,
  Endpoint,
  HttpMethod,
  NamedExample,
  Parameter,
  ResponseHeader,
  ResponseModel,
  Schema,
  SecurityRequirement,
} from '../model';
import { DEFAULT_RESPONSE_CODE, newId, newResponse } from '../new-endpoint';
import { IMPORT_METHODS } from '../openapi-common';
import {
  isJsonMediaType,
  isNdjsonMediaType,
  isNoiseRequestHeader,
  isNoiseResponseHeader,
  type TrafficBody,
  type TrafficRecord,
} from './record';
import {
  EMAIL_PLACEHOLDER,
  REDACTED,
  Redactions,
  isSecretHeader,
  isSecretQueryName,
  isJwt,
  isSecretValue,
  isXmlMediaType,
  jsonMayHoldSecret,
  redactFormBody,
  redactHeader,
  redactJson,
  redactMultipart,
  redactKey,
  redactNamedValue,
  redactText,
  replacePersonal,
} from './redact';

/** Examples kept per body (the schema merges every call's body regardless). */
export const MAX_EXAMPLES_PER_BODY = 5;

/** Per endpoint (same order as `endpoints`): how many calls it came from, and from where. */
export interface TrafficEndpointStats {
  calls: number;
  hosts: string[];
}

/**
 * A body that could not be parsed (declared JSON that is not), kept out of the endpoint: the
 * user may choose to use it as the example. `body` is ready to put in place of
 * the endpoint's request body (`status` undefined) or of its response with `status`; its text
 * is already redacted.
 */
export interface TrafficUnparsedBody {
  /** Index of the endpoint in `endpoints`. */
  endpoint: number;
  /** The response's status code, or undefined for the request body. */
  status?: number;
  body: BodyModel;
}

export interface TrafficResult {
  endpoints: Endpoint[];
  warnings: ImportWarning[];
  stats: TrafficEndpointStats[];
  /** How many distinct secret values were replaced with the placeholder. */
  redacted: number;
  /** Bodies that did not parse, offered (redacted) to be used as examples. */
  unparsed: TrafficUnparsedBody[];
  /** How many distinct e-mail addresses and card numbers were replaced with placeholders. */
  personal: { emails: number; cards: number };
  /**
   * Security schemes the calls' `Authorization` headers stand for (the endpoints' `security`
   * names them); the app adds them to `components.securitySchemes`.
   */
  securitySchemes: Record<string, SecuritySchemeObject>;
}

type Kind = 'integer' | 'uuid' | 'date' | 'hash' | 'slug';
interface Token {
  raw: string;
  kind?: Kind;
}

interface Call {
  record: TrafficRecord;
  method: HttpMethod;
  host: string;
  tokens: Token[];
  query: [string, string][];
  signature: string;
  request?: BodyValue;
  response?: BodyValue;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const INT_RE = /^-?\d+$/;
const HEX_RE = /^[0-9a-f]{8,}$/i;
const TOKEN_RE = /^[A-Za-z0-9_-]{16,}$/;
const VERSION_RE = /^v\d+(?:\.\d+)*$/i;

/** What a single segment is by its look alone (undefined: a literal). */
export function segmentKind(segment: string): Kind | undefined {
  if (segment === '') return undefined;
  if (INT_RE.test(segment)) return 'integer';
  if (UUID_RE.test(segment)) return 'uuid';
  if (DATE_RE.test(segment)) return 'date';
  if (HEX_RE.test(segment) && /\d/.test(segment)) return 'hash';
  if (TOKEN_RE.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment)) return 'hash';
  return undefined;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Character-class shape of a literal: runs of letters → a, digits → 9. */
function shapeOf(value: string): string {
  return value.replace(/[A-Za-z]+(?:[-_][A-Za-z]+)*/g, 'a').replace(/\d+/g, '9');
}

/** A structural fingerprint of a JSON body: its key paths three levels deep. */
function signatureOf(body: BodyValue | undefined): string {
  if (body === undefined || !body.json) return '';
  const keys = new Set<string>();
  const walk = (node: unknown, prefix: string, depth: number) => {
    if (depth > 3 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node.slice(0, 5)) walk(item, `${prefix}[]`, depth + 1);
      return;
    }
    for (const key of Object.keys(node)) {
      keys.add(`${prefix}.${key}`);
      walk((node as Record<string, unknown>)[key], `${prefix}.${key}`, depth + 1);
    }
  };
  walk(body.value, '', 0);
  return keys.size === 0 ? '' : [...keys].sort().join('|');
}

function isPluralLiteral(token: Token | undefined): boolean {
  if (token === undefined || token.kind !== undefined) return false;
  const word = decode(token.raw).toLowerCase();
  return word.length >= 3 && /^[a-z_-]+s$/.test(word) && !word.endsWith('ss');
}

/** Turns literals that vary across otherwise identical calls into parameters. */
function templateVariation(calls: Call[]): void {
  const groups = new Map<string, Call[]>();
  for (const call of calls) {
    const key = `${call.host}\u0000${call.tokens.length}`;
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [call]);
    else list.push(call);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const length = (group[0] as Call).tokens.length;
    for (let position = 0; position < length; position++) {
      const buckets = new Map<string, Call[]>();
      for (const call of group) {
        if (call.tokens[position]?.kind !== undefined) continue;
        const key = call.tokens
          .map((token, i) => (i === position ? '*' : token.kind !== undefined ? '{}' : token.raw))
          .join('/');
        const list = buckets.get(key);
        if (list === undefined) buckets.set(key, [call]);
        else list.push(call);
      }
      for (const bucket of buckets.values()) {
        const values = new Set(bucket.map((call) => (call.tokens[position] as Token).raw));
        if (values.size < 2) continue;
        if ([...values].some((value) => VERSION_RE.test(value) || value === '')) continue;
        // Values of a collection follow its plural name (/users/alice); resources follow a
        // version, a prefix or an id (/v1/users, /users/{userId}/orders) and are not merged.
        if (!isPluralLiteral((bucket[0] as Call).tokens[position - 1])) continue;
        const signatures = new Set(bucket.map((call) => call.signature));
        const known = [...signatures].filter((signature) => signature !== '');
        let merge: boolean;
        if (known.length > 1) merge = false;
        else if (known.length === 1 && !signatures.has('')) merge = true;
        else merge = new Set([...values].map(shapeOf)).size === 1;
        if (!merge) continue;
        for (const call of bucket) (call.tokens[position] as Token).kind = 'slug';
      }
    }
  }
}

function camel(text: string): string {
  const words = decode(text)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  return words
    .map((word, i) =>
      i === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
}

export function singular(word: string): string {
  if (/ies$/i.test(word) && word.length > 4) return word.slice(0, -3) + 'y';
  if (/(?:sses|xes|ches|shes|zzes)$/i.test(word)) return word.slice(0, -2);
  if (/ss$/i.test(word) || /us$/i.test(word) || /is$/i.test(word)) return word;
  if (/s$/i.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

/** The templated path and the names of its parameters (unique within the path). */
function templatePath(tokens: Token[]): { path: string; names: (string | undefined)[] } {
  const names: (string | undefined)[] = [];
  const used = new Set<string>();
  const parts: string[] = [];
  tokens.forEach((token, i) => {
    if (token.kind === undefined) {
      names.push(undefined);
      parts.push(token.raw);
      return;
    }
    const previous = tokens[i - 1];
    let base = 'id';
    if (previous !== undefined && previous.kind === undefined) {
      const word = camel(singular(decode(previous.raw)));
      if (/^[a-z][A-Za-z0-9]*$/.test(word))
        base = token.kind === 'date' ? `${word}Date` : `${word}Id`;
    }
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}${n}`;
    used.add(name);
    names.push(name);
    parts.push(`{${name}}`);
  });
  return { path: `/${parts.join('/')}`, names };
}

function pascal(text: string): string {
  const word = camel(text);
  return word === '' ? '' : (word[0] as string).toUpperCase() + word.slice(1);
}

interface BodyValue {
  mediaType: string;
  /** The body as text, redacted: JSON compact, others as sent. */
  text: string;
  /** Parsed JSON (redacted) when the body is JSON. */
  value?: unknown;
  json: boolean;
  /** Declared (or looked like) JSON but did not parse: not an example unless the user says so. */
  unparsed?: boolean;
}

/** Every non-blank line of an NDJSON text, parsed and redacted; undefined if one does not parse. */
function readNdjson(text: string, redactions: Redactions): string | undefined {
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  let values = 0;
  for (const line of lines) {
    if (line.trim() === '') {
      out.push(line);
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return undefined;
    }
    values++;
    out.push(JSON.stringify(redactJson(parsed, redactions)));
  }
  return values > 0 ? out.join('\n') : undefined;
}

function readBody(body: TrafficBody, redactions: Redactions): BodyValue {
  const mediaType = body.mediaType === '' ? 'application/octet-stream' : body.mediaType;
  const sniffed = body.mediaType === '' && /^\s*[[{]/.test(body.text);
  if (isJsonMediaType(mediaType) || sniffed) {
    let parsed: unknown;
    let ok = true;
    try {
      parsed = JSON.parse(body.text);
    } catch {
      ok = false;
    }
    if (ok) {
      // Most bodies hold no secret: they are kept as parsed and as sent, without a copy.
      const secret = jsonMayHoldSecret(parsed);
      const value = secret ? redactJson(parsed, redactions) : parsed;
      return {
        mediaType: isJsonMediaType(mediaType) ? mediaType : 'application/json',
        text: secret ? JSON.stringify(value) : body.text,
        value,
        json: true,
      };
    }
    // Several JSON values, one a line (a streamed answer declared as JSON): NDJSON text.
    const lines = body.text.includes('\n') ? readNdjson(body.text, redactions) : undefined;
    if (lines !== undefined) return { mediaType, text: lines, json: false };
    return {
      mediaType: sniffed ? 'text/plain' : mediaType,
      text: redactText(body.text, redactions),
      json: false,
      unparsed: true,
    };
  }
  if (isNdjsonMediaType(mediaType)) {
    const lines = readNdjson(body.text, redactions);
    if (lines !== undefined) return { mediaType, text: lines, json: false };
    return { mediaType, text: redactText(body.text, redactions), json: false, unparsed: true };
  }
  let text: string;
  if (mediaType === 'application/x-www-form-urlencoded')
    text = redactFormBody(body.text, redactions);
  else if (mediaType === 'multipart/form-data') text = redactMultipart(body.text, redactions);
  else if (isXmlMediaType(mediaType)) text = redactText(body.text, redactions, 'xml');
  else text = redactText(body.text, redactions);
  return { mediaType, text, json: false };
}

function bodyModel(
  trimmed: { count: number },
  name: string,
  bodies: BodyValue[],
  warn: (code: string, message: string) => void,
): BodyModel {
  const mediaType = (bodies[0] as BodyValue).mediaType;
  const same = bodies.filter((b) => b.mediaType === mediaType);
  if (same.length < bodies.length) {
    warn('TRAFFIC_MEDIA_TYPES', `Bodies of other media types than ${mediaType} are not kept.`);
  }
  const texts: string[] = [];
  const seen = new Set<string>();
  const values: unknown[] = [];
  const allJson = same.every((body) => body.json);
  for (const body of same) {
    if (allJson) values.push(body.value);
    if (seen.has(body.text)) continue;
    seen.add(body.text);
    if (texts.length < MAX_EXAMPLES_PER_BODY) {
      texts.push(allJson ? JSON.stringify(body.value, null, 2) : body.text);
    }
  }
  const schema: Schema = allJson ? inferSchemaFromValues(values) : { type: 'string' };
  const examples: NamedExample[] = texts
    .slice(1)
    .map((json, i) => ({ name: `example${i + 2}`, json }));
  const model: BodyModel = {
    name,
    customerJson: texts[0] ?? '',
    exampleName: 'example1',
    mediaType,
    schema,
  };
  if (examples.length > 0) model.examples = examples;
  if (seen.size > MAX_EXAMPLES_PER_BODY) trimmed.count++;
  return model;
}

interface Group {
  method: HttpMethod;
  path: string;
  names: (string | undefined)[];
  calls: Call[];
}

/** Builds endpoints from recorded calls (see the module comment). */
export function buildEndpoints(records: TrafficRecord[], warnings: ImportWarning[]): TrafficResult {
  const calls: Call[] = [];
  const redactions = new Redactions();
  /** Tells whether a text holds personal data without counting it. */
  const probe = new Redactions();
  let unsupported = 0;
  for (const record of records) {
    const method = IMPORT_METHODS[record.method.toLowerCase()];
    let url: URL;
    try {
      url = new URL(record.url);
    } catch {
      warnings.push({
        code: 'TRAFFIC_URL_INVALID',
        pointer: record.pointer,
        message: 'A call with an invalid URL is skipped.',
      });
      continue;
    }
    if (method === undefined) {
      unsupported++;
      continue;
    }
    const raw = url.pathname.split('/').slice(1);
    if (raw.length > 0 && raw[raw.length - 1] === '') raw.pop();
    const tokens: Token[] = raw.map((segment) => {
      const decoded = decode(segment);
      // A JWT or key in the path is never written into the path itself: it is a parameter.
      // An e-mail address in the path is personal data: a parameter as well.
      const kind =
        segmentKind(decoded) ??
        (isSecretValue(decoded) || replacePersonal(decoded, probe) !== decoded
          ? 'hash'
          : undefined);
      return kind === undefined ? { raw: segment } : { raw: segment, kind };
    });
    const query: [string, string][] = [];
    for (const [name, value] of url.searchParams) query.push([name, value]);
    const call: Call = { record, method, host: url.host, tokens, query, signature: '' };
    if (record.body !== undefined) call.request = readBody(record.body, redactions);
    if (record.response?.body !== undefined) {
      call.response = readBody(record.response.body, redactions);
    }
    call.signature = signatureOf(call.response);
    calls.push(call);
  }
  if (unsupported > 0) {
    warnings.push({
      code: 'UNSUPPORTED_METHOD',
      pointer: '',
      message: `${unsupported} calls with an unsupported method are skipped.`,
    });
  }
  templateVariation(calls);

  const groups = new Map<string, Group>();
  for (const call of calls) {
    const { path, names } = templatePath(call.tokens);
    const key = `${call.method} ${path}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { method: call.method, path, names, calls: [] };
      groups.set(key, group);
    }
    group.calls.push(call);
  }

  const endpoints: Endpoint[] = [];
  const unparsed: TrafficUnparsedBody[] = [];
  const schemes: Record<string, SecuritySchemeObject> = {};
  const trimmed = { count: 0 };
  const stats: TrafficEndpointStats[] = [];
  const usedNames = new Set<string>();
  const bodyName = (base: string) => {
    let name = base;
    for (let n = 2; usedNames.has(name); n++) name = `${base}_${n}`;
    usedNames.add(name);
    return name;
  };
  for (const group of groups.values()) {
    const warn = (code: string, message: string) =>
      warnings.push({
        code,
        method: group.method,
        path: group.path,
        pointer: (group.calls[0] as Call).record.pointer,
        message,
      });
    const parameters: Parameter[] = [];
    // Path parameters, with the first call's values as examples.
    group.names.forEach((name, i) => {
      if (name === undefined) return;
      const values = group.calls.map((call) => decode((call.tokens[i] as Token).raw));
      const kinds = new Set(group.calls.map((call) => (call.tokens[i] as Token).kind));
      const schema: Schema =
        kinds.size === 1 && kinds.has('integer')
          ? { type: 'integer' }
          : kinds.size === 1 && kinds.has('uuid')
            ? { type: 'string', format: 'uuid' }
            : kinds.size === 1 && kinds.has('date')
              ? { type: 'string', format: 'date' }
              : { type: 'string' };
      parameters.push({
        id: newId('param'),
        name,
        location: 'path',
        required: true,
        hideRequired: true,
        description: '',
        example: secretSegment(group.calls[0] as Call, i, redactions)
          ? REDACTED
          : replacePersonal(values[0] ?? '', redactions),
        schema,
      });
    });
    parameters.push(...collectParameters(group.calls, 'query', redactions));
    parameters.push(...collectParameters(group.calls, 'header', redactions));
    const security = securityOf(group.calls, schemes, redactions);

    const requestBodies: BodyValue[] = [];
    const byStatus = new Map<number, { bodies: BodyValue[]; headers: [string, string][][] }>();
    for (const call of group.calls) {
      if (call.record.body !== undefined) requestBodies.push(call.request as BodyValue);
      const response = call.record.response;
      if (response === undefined) continue;
      let entry = byStatus.get(response.status);
      if (entry === undefined) {
        entry = { bodies: [], headers: [] };
        byStatus.set(response.status, entry);
      }
      if (call.response !== undefined) entry.bodies.push(call.response);
      entry.headers.push(response.headers);
    }
    const base =
      pascal(`${group.method.toLowerCase()} ${group.path.replace(/[{}]/g, ' ')}`) || 'Call';
    const endpoint: Endpoint = {
      id: newId('ep'),
      method: group.method,
      path: group.path,
      summary: '',
      parameters,
      responses: [],
    };
    if (security !== undefined) endpoint.security = security;
    const parsedRequests = requestBodies.filter((body) => body.unparsed !== true);
    if (parsedRequests.length > 0) {
      endpoint.requestBody = bodyModel(trimmed, bodyName(`${base}Request`), parsedRequests, warn);
    } else if (requestBodies.length > 0) {
      unparsed.push({
        endpoint: endpoints.length,
        body: unparsedModel(bodyName(`${base}Request`), requestBodies[0] as BodyValue),
      });
    }
    const statuses = [...byStatus.keys()].sort((a, b) => a - b);
    for (const status of statuses) {
      const entry = byStatus.get(status) as { bodies: BodyValue[]; headers: [string, string][][] };
      const parsed = entry.bodies.filter((body) => body.unparsed !== true);
      const response: ResponseModel = {
        statusCode: status,
        body:
          parsed.length > 0
            ? bodyModel(trimmed, bodyName(`${base}${status}Response`), parsed, warn)
            : { name: '', customerJson: '' },
      };
      if (parsed.length === 0 && entry.bodies.length > 0) {
        unparsed.push({
          endpoint: endpoints.length,
          status,
          body: unparsedModel(bodyName(`${base}${status}Response`), entry.bodies[0] as BodyValue),
        });
      }
      const headers = responseHeaders(entry.headers, redactions);
      if (headers.length > 0) response.headers = headers;
      endpoint.responses.push(response);
    }
    // cURL records no response; an endpoint without one would block generation (NO_RESPONSES)
    // though the user did nothing wrong: it gets the form's default, 200 without body.
    if (endpoint.responses.length === 0)
      endpoint.responses.push(newResponse(DEFAULT_RESPONSE_CODE));
    endpoints.push(endpoint);
    stats.push({
      calls: group.calls.length,
      hosts: [...new Set(group.calls.map((call) => call.host))],
    });
  }
  const hosts = new Set(calls.map((call) => call.host));
  if (hosts.size > 1) {
    warnings.push({
      code: 'TRAFFIC_SEVERAL_HOSTS',
      pointer: '',
      message: `The calls go to ${hosts.size} hosts (${[...hosts].slice(0, 5).join(', ')}); paths are kept without the host.`,
    });
  }
  if (trimmed.count > 0) {
    warnings.push({
      code: 'TRAFFIC_EXAMPLES_TRIMMED',
      pointer: '',
      message: `${trimmed.count} bodies had more than ${MAX_EXAMPLES_PER_BODY} different examples: the first ${MAX_EXAMPLES_PER_BODY} are kept; their schemas cover all of them.`,
    });
  }
  if (unparsed.length > 0) {
    warnings.push({
      code: 'TRAFFIC_UNPARSED_BODY',
      pointer: '',
      message: `${unparsed.length} bodies could not be parsed and are not used as examples unless you choose to.`,
    });
  }
  if (redactions.count > 0) {
    warnings.push({
      code: 'TRAFFIC_SECRETS_REDACTED',
      pointer: '',
      message: `${redactions.count} secret values (credentials, tokens, keys) were replaced with ${REDACTED}.`,
    });
  }
  const personal = { emails: redactions.emails, cards: redactions.cardNumbers };
  if (personal.emails + personal.cards > 0) {
    warnings.push({
      code: 'TRAFFIC_PERSONAL_DATA_REPLACED',
      pointer: '',
      message: `Personal data was replaced with example values: ${personal.emails} e-mail addresses with ${EMAIL_PLACEHOLDER}, ${personal.cards} card numbers with a test card number.`,
    });
  }
  return {
    endpoints,
    warnings,
    stats,
    redacted: redactions.count,
    unparsed,
    personal,
    securitySchemes: schemes,
  };
}

/** The security scheme an `Authorization` value stands for, and the name it is given. */
function schemeOf(value: string): { name: string; scheme: SecuritySchemeObject } {
  const match = /^(\S+)\s+(\S+)/.exec(value.trim());
  const word = match?.[1]?.toLowerCase();
  if (word === 'bearer') {
    const scheme: SecuritySchemeObject = { type: 'http', scheme: 'bearer' };
    if (isJwt(match?.[2] ?? '')) scheme.bearerFormat = 'JWT';
    return { name: 'bearerAuth', scheme };
  }
  if (word === 'basic') return { name: 'basicAuth', scheme: { type: 'http', scheme: 'basic' } };
  if (word === 'digest') return { name: 'digestAuth', scheme: { type: 'http', scheme: 'digest' } };
  return { name: 'apiKeyAuth', scheme: { type: 'apiKey', in: 'header', name: 'Authorization' } };
}

/**
 * The security requirement of an endpoint from its calls' `Authorization` headers:
 * one alternative per scheme sent, and `{}` when some calls sent none; undefined when none did.
 * Schemes are added to `schemes` (the same scheme under one name for every endpoint). The
 * credentials are counted as replaced: they are not written anywhere.
 */
function securityOf(
  calls: Call[],
  schemes: Record<string, SecuritySchemeObject>,
  redactions: Redactions,
): SecurityRequirement[] | undefined {
  const names: string[] = [];
  let without = 0;
  for (const call of calls) {
    const header = call.record.headers.find(([name]) => name.toLowerCase() === 'authorization');
    if (header === undefined) {
      without++;
      continue;
    }
    redactHeader(header[0], header[1], redactions);
    const { name: base, scheme } = schemeOf(header[1]);
    const shape = JSON.stringify(scheme);
    let name = Object.keys(schemes).find((known) => JSON.stringify(schemes[known]) === shape);
    if (name === undefined) {
      name = base;
      for (let n = 2; schemes[name] !== undefined; n++) name = `${base}${n}`;
      schemes[name] = scheme;
    }
    if (!names.includes(name)) names.push(name);
  }
  if (names.length === 0) return undefined;
  const security: SecurityRequirement[] = names.map((name) => ({ [name]: [] }));
  if (without > 0) security.push({});
  return security;
}

/** The body model an unparsed body would become if the user chooses it (a string example). */
function unparsedModel(name: string, body: BodyValue): BodyModel {
  return {
    name,
    customerJson: body.text,
    exampleName: 'example1',
    mediaType: body.mediaType,
    schema: { type: 'string' },
  };
}

/** Path words after which a token is a credential (reset links, invitations, webhooks). */
const SECRET_PATH_WORD_RE =
  /(?:token|secret|key|password|reset|verify|verification|confirm|invite|invitation|activate|activation|magic|unsubscribe|hook|signature|auth|session)/i;

/** Whether the segment at `i` of a call looks like a credential (its example is not kept). */
function secretSegment(call: Call, i: number, redactions: Redactions): boolean {
  const token = call.tokens[i] as Token;
  if (token.kind !== 'hash' && token.kind !== 'slug' && token.kind !== 'uuid') return false;
  const previous = call.tokens[i - 1];
  const word = previous === undefined ? '' : decode(previous.raw);
  const value = decode(token.raw);
  const keyLike =
    value.length >= 32 && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
  const secret =
    (previous?.kind === undefined && SECRET_PATH_WORD_RE.test(word)) ||
    keyLike ||
    isSecretValue(value);
  if (secret) redactions.note(value);
  return secret;
}

function collectParameters(
  calls: Call[],
  location: 'query' | 'header',
  redactions: Redactions,
): Parameter[] {
  const byName = new Map<
    string,
    { name: string; count: number; example: string; secret: boolean }
  >();
  for (const call of calls) {
    const pairs = location === 'query' ? call.query : call.record.headers;
    const seen = new Set<string>();
    for (const [sent, value] of pairs) {
      if (location === 'header' && isNoiseRequestHeader(sent)) continue;
      // A security scheme instead (securityOf).
      if (location === 'header' && sent.toLowerCase() === 'authorization') continue;
      // A name is judged as a value is: `?<JWT>=1` keeps no token.
      const name = redactKey(sent, redactions);
      const key = location === 'header' ? name.toLowerCase() : name;
      if (seen.has(key)) continue;
      seen.add(key);
      const example =
        location === 'header'
          ? redactHeader(sent, value, redactions)
          : redactNamedValue(sent, value, redactions, true);
      const secret =
        (location === 'header' ? isSecretHeader(sent) : isSecretQueryName(sent)) ||
        example !== value;
      const entry = byName.get(key);
      if (entry === undefined) byName.set(key, { name, count: 1, example, secret });
      else {
        entry.count++;
        if (entry.example === '') entry.example = example;
      }
    }
  }
  const out: Parameter[] = [];
  for (const entry of byName.values()) {
    const parameter: Parameter = {
      id: newId('param'),
      name: entry.name,
      location,
      required: entry.count === calls.length,
      description: '',
      example: entry.example,
    };
    if (entry.secret) parameter.schema = { type: 'string' };
    out.push(parameter);
  }
  return out;
}

function responseHeaders(lists: [string, string][][], redactions: Redactions): ResponseHeader[] {
  const byName = new Map<string, ResponseHeader>();
  for (const headers of lists) {
    for (const [name, value] of headers) {
      if (isNoiseResponseHeader(name)) continue;
      const key = name.toLowerCase();
      // Every call's value is read (and its secrets counted); the first is the example.
      const example = redactHeader(name, value, redactions);
      if (byName.has(key)) continue;
      byName.set(key, { id: newId('header'), name, description: '', example });
    }
  }
  return [...byName.values()];
}
