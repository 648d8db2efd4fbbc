/**
 * Upgrade an OpenAPI 3.0 document to 3.1 or 3.2: an explicit action that lists
 * every change before it is applied. The changes are the ones the versions' schema dialects
 * require — `nullable` becomes a type array, a schema's `example` becomes `examples`, boolean
 * `exclusiveMinimum`/`exclusiveMaximum` become numbers — plus the `openapi` field. Everything
 * else is kept byte for byte: the new text is the old one with only these nodes spliced
 * (SourceText), so comments, order and styles stay.
 */
import { CoreError } from '../errors';
import { isObject, own, pointerOf, type JsonObject } from '../openapi-common';
import { detectVersion } from '../openapi-version';
import { baseVersion, featuresOf, upgradeTargetWriting, upgradeTargetsOf } from '../versions';
import { SourceText } from './source-text';

/** The `openapi` string an upgrade writes: a later version's `writes` ('3.1.1', '3.2.0'). */
export type UpgradeTarget = string;

export type UpgradeChangeKind =
  'VERSION' | 'NULLABLE' | 'EXAMPLE' | 'EXCLUSIVE_MINIMUM' | 'EXCLUSIVE_MAXIMUM';

/** One change the upgrade makes, at a JSON pointer of the document. */
export interface UpgradeChange {
  kind: UpgradeChangeKind;
  pointer: string;
  /** The old and new node as short JSON (for the preview). */
  before: string;
  after: string;
}

export interface UpgradeResult {
  text: string;
  changes: UpgradeChange[];
}

/** Keys whose value is one schema, and keys whose value is a map or list of schemas. */
const SCHEMA_KEYS = new Set(['schema', 'items', 'additionalProperties', 'not']);
const SCHEMA_MAP_KEYS = new Set(['properties', 'schemas']);
const SCHEMA_LIST_KEYS = new Set(['allOf', 'anyOf', 'oneOf']);

const short = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/**
 * The upgraded text and the list of changes. Throws UNSUPPORTED_VERSION when the document is not
 * OpenAPI 3.0 (a 3.1 document is not "upgraded" to 3.1; 3.1 → 3.2 only changes the version).
 */
export function upgradeOpenApi(text: string, target: UpgradeTarget): UpgradeResult {
  const to = upgradeTargetWriting(target);
  if (to === undefined || to === baseVersion()) {
    throw new CoreError('INVALID_INPUT', `Cannot upgrade to OpenAPI ${String(target)}.`);
  }
  const source = SourceText.parse(text);
  const doc = source.value;
  const { version, dialect } = detectVersion(doc);
  if (!upgradeTargetsOf(dialect).includes(to)) {
    throw new CoreError(
      'UNSUPPORTED_VERSION',
      `The document is OpenAPI ${version}; it cannot be upgraded to ${target}.`,
    );
  }
  const changes: UpgradeChange[] = [];
  const root = doc as JsonObject;
  let next: JsonObject = { ...root, openapi: target };
  changes.push({
    kind: 'VERSION',
    pointer: '/openapi',
    before: short(own(root, 'openapi') ?? version),
    after: short(target),
  });
  // Into JSON Schema 2020-12: the schemas change with the version.
  if (!featuresOf(dialect).jsonSchema && to.features.jsonSchema) {
    next = walkDocument(next, '', changes);
  }
  return { text: source.render(next), changes };
}

/** Walks the document outside schemas, rewriting each schema it reaches (copy on write). */
function walkDocument(value: JsonObject, pointer: string, changes: UpgradeChange[]): JsonObject {
  let out: JsonObject | undefined;
  for (const [key, child] of Object.entries(value)) {
    const at = pointerOf(pointer, key);
    let next: unknown = child;
    if (key === 'schema' && isObject(child)) next = upgradeSchema(child, at, changes);
    else if (key === 'schemas' && pointer === '/components' && isObject(child)) {
      next = mapValues(child, at, (schema, p) => upgradeSchema(schema, p, changes));
    } else if (isObject(child)) next = walkDocument(child, at, changes);
    else if (Array.isArray(child)) next = walkList(child, at, changes);
    if (next !== child) {
      out ??= { ...value };
      out[key] = next;
    }
  }
  return out ?? value;
}

function walkList(list: unknown[], pointer: string, changes: UpgradeChange[]): unknown[] {
  let out: unknown[] | undefined;
  list.forEach((item, index) => {
    if (!isObject(item)) return;
    const next = walkDocument(item, `${pointer}/${index}`, changes);
    if (next !== item) {
      out ??= [...list];
      out[index] = next;
    }
  });
  return out ?? list;
}

function mapValues(
  map: JsonObject,
  pointer: string,
  change: (value: JsonObject, pointer: string) => JsonObject,
): JsonObject {
  let out: JsonObject | undefined;
  for (const [key, value] of Object.entries(map)) {
    if (!isObject(value)) continue;
    const next = change(value, pointerOf(pointer, key));
    if (next !== value) {
      out ??= { ...map };
      out[key] = next;
    }
  }
  return out ?? map;
}

/** One 3.0 Schema Object as 3.1 / JSON Schema 2020-12, with its subschemas. */
function upgradeSchema(schema: JsonObject, pointer: string, changes: UpgradeChange[]): JsonObject {
  let out: JsonObject | undefined;
  const edit = (): JsonObject => (out ??= { ...schema });
  // Subschemas first, so a parent's copy carries its children's.
  for (const [key, child] of Object.entries(schema)) {
    const at = pointerOf(pointer, key);
    let next: unknown = child;
    if (SCHEMA_KEYS.has(key) && isObject(child)) next = upgradeSchema(child, at, changes);
    else if (SCHEMA_MAP_KEYS.has(key) && isObject(child)) {
      next = mapValues(child, at, (s, p) => upgradeSchema(s, p, changes));
    } else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(child)) {
      let list: unknown[] | undefined;
      child.forEach((item, index) => {
        if (!isObject(item)) return;
        const upgraded = upgradeSchema(item, `${at}/${index}`, changes);
        if (upgraded !== item) {
          list ??= [...child];
          list[index] = upgraded;
        }
      });
      next = list ?? child;
    }
    if (next !== child) edit()[key] = next;
  }

  const nullable = own(schema, 'nullable');
  if (nullable !== undefined) {
    const target = edit();
    const type = own(schema, 'type');
    delete target.nullable;
    if (nullable === true && typeof type === 'string') {
      target.type = [type, 'null'];
      const values = own(schema, 'enum');
      if (Array.isArray(values) && !values.includes(null)) target.enum = [...values, null];
    } else if (nullable === true && Array.isArray(type) && !type.includes('null')) {
      target.type = [...(type as unknown[]), 'null'];
    }
    changes.push({
      kind: 'NULLABLE',
      pointer,
      before: short({ type, nullable }),
      after: short(target.type === undefined ? {} : { type: target.type }),
    });
  }

  if (Object.hasOwn(schema, 'example') && !Object.hasOwn(schema, 'examples')) {
    const example = own(schema, 'example');
    // `examples` takes `example`'s place, so the splice is that one entry.
    const renamed: JsonObject = {};
    for (const [key, value] of Object.entries(edit())) {
      if (key === 'example') renamed.examples = [example];
      else renamed[key] = value;
    }
    out = renamed;
    changes.push({
      kind: 'EXAMPLE',
      pointer: pointerOf(pointer, 'example'),
      before: short({ example }),
      after: short({ examples: [example] }),
    });
  }

  for (const [flag, bound, kind] of [
    ['exclusiveMinimum', 'minimum', 'EXCLUSIVE_MINIMUM'],
    ['exclusiveMaximum', 'maximum', 'EXCLUSIVE_MAXIMUM'],
  ] as const) {
    const exclusive = own(schema, flag);
    if (typeof exclusive !== 'boolean') continue;
    const limit = own(schema, bound);
    const target = edit();
    const before = { [bound]: limit, [flag]: exclusive };
    if (exclusive && typeof limit === 'number') {
      delete target[bound];
      target[flag] = limit;
    } else {
      delete target[flag];
    }
    const after: JsonObject = {};
    if (target[bound] !== undefined) after[bound] = target[bound];
    if (target[flag] !== undefined) after[flag] = target[flag];
    changes.push({
      kind,
      pointer: pointerOf(pointer, flag),
      before: short(before),
      after: short(after),
    });
  }
  return out ?? schema;
}
