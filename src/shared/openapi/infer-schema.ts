/**
 * JSON sample → OpenAPI 3.0 schema (spec §9, extended by the rules below).
 *
 * One pass over the parsed sample feeds an accumulator per schema position; every value seen
 * at a position (all elements of an array, all values of a map) lands in the same accumulator,
 * so merging is linear in the size of the sample. A second pass turns accumulators into
 * schemas. Rules:
 * - objects → `properties` + `required` (keys present and non-null in every occurrence);
 * - arrays → `items` merged from ALL elements; arrays of primitives carry the first non-empty
 *   array seen as `example` (spec §9);
 * - integers vs numbers (a mix is `number`); string formats date-time, date, email, uuid, uri
 *   when every string at the position has that format;
 * - `null` → `nullable: true` on the schema (never `type: null`); a position that is only ever
 *   null becomes `{ nullable: true }` with no type (any value fits);
 * - several kinds at one position → `oneOf`, one branch per kind (int and float share
 *   `number`); a null then makes the first branch nullable, so null matches exactly one branch;
 * - objects that are maps (id-like keys such as numbers, dates, uuids, hex ids; 100+ keys or
 *   currency-style codes whose values share one kind) → `additionalProperties` with the merged
 *   value schema;
 * - examples: strings the first non-empty sample (else 'string'), numbers/integers/booleans
 *   the first sample (1 for non-finite numbers);
 * - invalid JSON → `{ type: 'string', example: text }`; blank text → undefined.
 * Nesting deeper than MAX_NESTING_DEPTH throws CoreError TOO_DEEP; text over the input cap
 * throws INPUT_TOO_LARGE.
 */
import { assertInputSize, MAX_NESTING_DEPTH, tooDeep } from './limits';
import type { Schema } from './model';

/** String formats the inference recognises, in detection order. */
export type InferredFormat = 'date-time' | 'date' | 'email' | 'uuid' | 'uri';

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:z|[+-](\d{2}):?(\d{2}))$/i;
/** The e-mail grammar of ajv-formats (full mode), so inferred formats always validate there. */
const EMAIL_RE =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Absolute http(s) URLs made only of RFC 3986 characters (templates like `{id}` excluded). */
const URI_RE =
  /^https?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?(?:\/(?:[\w.~!$&'()*+,;=:@-]|%[0-9a-f]{2})*)*(?:\?(?:[\w.~!$&'()*+,;=:@/?-]|%[0-9a-f]{2})*)?(?:#(?:[\w.~!$&'()*+,;=:@/?-]|%[0-9a-f]{2})*)?$/i;

function isDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS[month] as number));
}

function isDateTime(text: string): boolean {
  const t = text.indexOf('T') === 10 ? 10 : text.indexOf('t') === 10 ? 10 : -1;
  if (t < 0 || !isDate(text.slice(0, 10))) return false;
  const m = TIME_RE.exec(text.slice(11));
  if (m === null) return false;
  if (Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3]) > 59) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59)) return false;
  return true;
}

// Format slots: 0 = not decided yet, -1 = none, else an index + 1 into FORMATS.
const FORMATS: readonly InferredFormat[] = ['date-time', 'date', 'email', 'uuid', 'uri'];
const CHECKS: readonly ((s: string) => boolean)[] = [
  isDateTime,
  isDate,
  (s) => s.length <= 254 && EMAIL_RE.test(s),
  (s) => s.length === 36 && UUID_RE.test(s),
  (s) => s.length <= 2048 && URI_RE.test(s),
];

/** Which format (if any) a single string has; exported for tests and the parameter typer. */
export function detectFormat(text: string): InferredFormat | undefined {
  const slot = detectSlot(text);
  return slot > 0 ? FORMATS[slot - 1] : undefined;
}

function detectSlot(s: string): number {
  const c = s.charCodeAt(0);
  if (c >= 48 && c <= 57) {
    // Dates start with a digit; so may uuids.
    if (s.length === 10 && isDate(s)) return 2;
    if (s.length >= 20 && s.charCodeAt(10) !== 45 && isDateTime(s)) return 1;
  }
  if (s.length === 36 && UUID_RE.test(s)) return 4;
  if (s.indexOf('@') > 0 && (CHECKS[2] as (s: string) => boolean)(s)) return 3;
  if ((c === 104 || c === 72) && (CHECKS[4] as (s: string) => boolean)(s)) return 5;
  return -1;
}

interface Prop {
  acc: Acc;
  /** Occurrences where the key was present with a non-null value. */
  present: number;
  /** Occurrences where the key was present at all (null included). */
  keyed: number;
}

/** Everything observed at one schema position. */
class Acc {
  nulls = 0;
  strings = 0;
  strExample: string | undefined = undefined;
  strFormat = 0;
  ints = 0;
  floats = 0;
  numExample: number | undefined = undefined;
  bools = 0;
  boolExample: boolean | undefined = undefined;
  objects = 0;
  props: Map<string, Prop> | undefined = undefined;
  arrays = 0;
  items: Acc | undefined = undefined;
  arrExample: unknown[] | undefined = undefined;
}

function addString(acc: Acc, value: string): void {
  acc.strings++;
  if (acc.strExample === undefined && value.length > 0) acc.strExample = value;
  const slot = acc.strFormat;
  if (slot === 0) acc.strFormat = detectSlot(value);
  else if (slot > 0 && !(CHECKS[slot - 1] as (s: string) => boolean)(value)) acc.strFormat = -1;
}

function observe(acc: Acc, value: unknown, depth: number): void {
  switch (typeof value) {
    case 'string':
      addString(acc, value);
      return;
    case 'number':
      if (Number.isInteger(value)) acc.ints++;
      else acc.floats++;
      if (acc.numExample === undefined) acc.numExample = value;
      return;
    case 'boolean':
      acc.bools++;
      if (acc.boolExample === undefined) acc.boolExample = value;
      return;
    case 'object':
      break;
    default:
      return;
  }
  if (value === null) {
    acc.nulls++;
    return;
  }
  if (depth >= MAX_NESTING_DEPTH) throw tooDeep(MAX_NESTING_DEPTH);
  if (Array.isArray(value)) {
    acc.arrays++;
    const items = (acc.items ??= new Acc());
    if (acc.arrExample === undefined && value.length > 0) acc.arrExample = value;
    for (let i = 0; i < value.length; i++) observe(items, value[i], depth + 1);
    return;
  }
  acc.objects++;
  const props = (acc.props ??= new Map());
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    const child = record[key];
    let prop = props.get(key);
    if (prop === undefined) {
      prop = { acc: new Acc(), present: 0, keyed: 0 };
      props.set(key, prop);
    }
    prop.keyed++;
    if (child !== null) prop.present++;
    observe(prop.acc, child, depth + 1);
  }
}

/** Folds `src` into `dst` (used for the values of maps); depth is bounded by the walk's. */
function mergeAcc(dst: Acc, src: Acc): void {
  dst.nulls += src.nulls;
  if (src.strings > 0) {
    dst.strings += src.strings;
    dst.strExample ??= src.strExample;
    if (dst.strFormat === 0) dst.strFormat = src.strFormat;
    else if (dst.strFormat !== src.strFormat) dst.strFormat = -1;
  }
  dst.ints += src.ints;
  dst.floats += src.floats;
  dst.numExample ??= src.numExample;
  dst.bools += src.bools;
  dst.boolExample ??= src.boolExample;
  if (src.objects > 0) {
    dst.objects += src.objects;
    const props = (dst.props ??= new Map());
    for (const [key, prop] of src.props ?? []) {
      const mine = props.get(key);
      if (mine === undefined) {
        props.set(key, { acc: cloneAcc(prop.acc), present: prop.present, keyed: prop.keyed });
      } else {
        mine.present += prop.present;
        mine.keyed += prop.keyed;
        mergeAcc(mine.acc, prop.acc);
      }
    }
  }
  if (src.arrays > 0) {
    dst.arrays += src.arrays;
    dst.arrExample ??= src.arrExample;
    if (src.items !== undefined) mergeAcc((dst.items ??= new Acc()), src.items);
  }
}

function cloneAcc(src: Acc): Acc {
  const copy = new Acc();
  mergeAcc(copy, src);
  return copy;
}

/** Keys that name data rather than fields: integers, dates, uuids, long hex ids. */
const ID_KEY_RE =
  /^(?:-?\d+|\d{4}-\d{2}(?:-\d{2}(?:[Tt ][\d:.]+(?:[Zz]|[+-]\d{2}:?\d{2})?)?)?|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,})$/i;
/** Code-like keys (currencies, countries, languages) that make a map when values agree. */
const CODE_KEY_RE = /^[A-Z]{2,4}$/;
/** A position with at least this many distinct keys whose values share one kind is a map. */
export const MAP_MIN_KEYS = 100;
/** Code-like keys make a map from this many keys on. */
const MAP_MIN_CODE_KEYS = 5;

function kindCount(acc: Acc): number {
  return (
    (acc.strings > 0 ? 1 : 0) +
    (acc.ints + acc.floats > 0 ? 1 : 0) +
    (acc.bools > 0 ? 1 : 0) +
    (acc.objects > 0 ? 1 : 0) +
    (acc.arrays > 0 ? 1 : 0)
  );
}

/** Decides whether the observed objects are a map and, if so, returns the merged values. */
function mapValues(props: Map<string, Prop>): Acc | undefined {
  const size = props.size;
  if (size === 0) return undefined;
  let idKeys = true;
  let codeKeys = size >= MAP_MIN_CODE_KEYS;
  for (const key of props.keys()) {
    if (idKeys && !ID_KEY_RE.test(key)) idKeys = false;
    if (codeKeys && !CODE_KEY_RE.test(key)) codeKeys = false;
    if (!idKeys && !codeKeys) break;
  }
  if (!idKeys && !codeKeys && size < MAP_MIN_KEYS) return undefined;
  const merged = new Acc();
  for (const prop of props.values()) mergeAcc(merged, prop.acc);
  if (!idKeys && kindCount(merged) > 1) return undefined;
  return merged;
}

/** `byKey`: a property is required when its key is in every object, null values included. */
function finalize(acc: Acc, byKey: boolean): Schema {
  // Null marks the first branch only, so that null matches exactly one branch of a oneOf.
  let nullable = acc.nulls > 0;
  const take = (): boolean => {
    const result = nullable;
    nullable = false;
    return result;
  };
  const branches: Schema[] = [];
  if (acc.objects > 0) branches.push(objectSchema(acc, take(), byKey));
  if (acc.arrays > 0) branches.push(arraySchema(acc, take(), byKey));
  if (acc.strings > 0) {
    const schema: Schema = { type: 'string' };
    if (acc.strFormat > 0) schema.format = FORMATS[acc.strFormat - 1];
    if (take()) schema.nullable = true;
    schema.example = acc.strExample ?? 'string';
    branches.push(schema);
  }
  if (acc.ints + acc.floats > 0) {
    const schema: Schema = { type: acc.floats > 0 ? 'number' : 'integer' };
    if (take()) schema.nullable = true;
    const example = acc.numExample;
    schema.example = example !== undefined && Number.isFinite(example) ? example : 1;
    branches.push(schema);
  }
  if (acc.bools > 0) {
    const schema: Schema = { type: 'boolean' };
    if (take()) schema.nullable = true;
    schema.example = acc.boolExample ?? true;
    branches.push(schema);
  }
  if (branches.length === 0) return nullable ? { nullable: true } : {};
  return branches.length === 1 ? (branches[0] as Schema) : { oneOf: branches };
}

function objectSchema(acc: Acc, nullable: boolean, byKey: boolean): Schema {
  const schema: Schema = { type: 'object' };
  if (nullable) schema.nullable = true;
  const props = acc.props ?? new Map<string, Prop>();
  const values = mapValues(props);
  if (values !== undefined) {
    schema.additionalProperties = finalize(values, byKey);
    return schema;
  }
  if (props.size === 0) return schema;
  const properties: [string, Schema][] = [];
  const required: string[] = [];
  for (const [key, prop] of props) {
    properties.push([key, finalize(prop.acc, byKey)]);
    if ((byKey ? prop.keyed : prop.present) === acc.objects) required.push(key);
  }
  // fromEntries defines own properties, so a key named "__proto__" stays a plain key.
  schema.properties = Object.fromEntries(properties);
  if (required.length > 0) schema.required = required;
  return schema;
}

function arraySchema(acc: Acc, nullable: boolean, byKey: boolean): Schema {
  const items = acc.items;
  const schema: Schema = { type: 'array' };
  if (nullable) schema.nullable = true;
  schema.items = items === undefined ? {} : finalize(items, byKey);
  if (
    items !== undefined &&
    items.objects === 0 &&
    items.arrays === 0 &&
    acc.arrExample !== undefined
  ) {
    schema.example = acc.arrExample;
  }
  return schema;
}

/** Infers an OpenAPI 3.0 schema from an already parsed JSON value. */
export function inferSchemaFromValue(value: unknown): Schema {
  const root = new Acc();
  observe(root, value, 0);
  return finalize(root, false);
}

/**
 * Infers one schema for several samples: every sample lands in the same
 * accumulator, as the elements of an array do, so the merge follows the rules above. With
 * `requiredByKey`, a property is required exactly when its key is in every object at its
 * position (a null value counts as present and makes the schema nullable); otherwise required
 * also needs a non-null value, as for a single sample.
 */
export function inferSchemaFromSamples(values: readonly unknown[], requiredByKey = true): Schema {
  const root = new Acc();
  for (const value of values) observe(root, value, 0);
  return finalize(root, requiredByKey);
}

/**
 * Infers the schema of a JSON sample (spec §9, extended: see the top): undefined for blank
 * text, a string-typed root for text that is not JSON, TOO_DEEP / INPUT_TOO_LARGE for hostile
 * input.
 */
export function inferSchema(json: string): Schema | undefined {
  assertInputSize(json);
  if (json.trim().length === 0) return undefined;
  const source = json.charCodeAt(0) === 0xfeff ? json.slice(1) : json;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return { type: 'string', example: json };
  }
  return inferSchemaFromValue(value);
}
