/**
 * Re-inference into a hand-edited schema: the edited schema is the base and
 * is never replaced. What the new samples add that the edit does not know (a new property, the
 * items of an array the edit left open) is added; every hand-made keyword (description, enum,
 * format, minimum/maximum, pattern, lengths, required, nullable, type) is kept. Where the
 * samples contradict a keyword, the keyword still stays and a {@link SchemaConflict} says so, so
 * that the user decides ({@link acceptSuggestion} applies the samples' side of one conflict).
 */
import type { Schema } from '../model';
import { escapePointerToken, schemaAt, type SchemaConflict } from './schema-conflicts';
import { exampleChecker } from './validate-examples';

export {
  acceptSuggestion,
  escapePointerToken,
  schemaAt,
  type SchemaConflict,
} from './schema-conflicts';

export interface SchemaMerge {
  schema: Schema;
  conflicts: SchemaConflict[];
}

/** Formats the inference can detect: when it does not, some sample does not have the format. */
const DETECTABLE_FORMATS = new Set(['date-time', 'date', 'email', 'uuid', 'uri']);
const MAX_CONFLICTS = 500;
const MAX_DEPTH = 256;

function isComposite(schema: Schema): boolean {
  return (
    schema.$ref !== undefined ||
    schema.oneOf !== undefined ||
    schema.anyOf !== undefined ||
    schema.allOf !== undefined
  );
}

/** Whether a schema says nothing about structure (only annotations such as a description). */
function isStructureless(schema: Schema): boolean {
  return (
    schema.type === undefined &&
    !isComposite(schema) &&
    schema.properties === undefined &&
    schema.items === undefined &&
    schema.additionalProperties === undefined &&
    schema.enum === undefined
  );
}

function typesOf(schema: Schema): string[] {
  if (schema.oneOf !== undefined) return schema.oneOf.flatMap(typesOf);
  return schema.type === undefined ? [] : [schema.type];
}

function setOwn(target: Record<string, Schema>, key: string, value: Schema): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

class Merger {
  conflicts: SchemaConflict[] = [];
  private seen = new Set<string>();

  report(conflict: SchemaConflict): void {
    const id = `${conflict.pointer}\u0000${conflict.rule}`;
    if (this.seen.has(id) || this.conflicts.length >= MAX_CONFLICTS) return;
    this.seen.add(id);
    this.conflicts.push(conflict);
  }

  has(pointer: string, rule: string): boolean {
    return this.seen.has(`${pointer}\u0000${rule}`);
  }

  merge(edited: Schema, inferred: Schema, pointer: string, depth: number): Schema {
    if (depth > MAX_DEPTH) return edited;
    const inferredTypes = typesOf(inferred);
    if (isStructureless(edited)) {
      // Only annotations were edited: take the samples' structure, keep the annotations.
      const out: Schema = { ...inferred, ...edited };
      if (edited.nullable === false && inferred.nullable === true) this.nullable(pointer, out);
      return out;
    }
    if (isComposite(edited) || inferredTypes.length === 0) return edited;
    if (inferred.oneOf !== undefined || !compatible(edited.type, inferred.type)) {
      this.report({
        pointer,
        rule: 'type',
        message: `The examples have ${inferredTypes.join(' or ')} here; the schema says ${
          edited.type ?? 'no type'
        }.`,
        kept: edited.type,
        suggested: inferred.oneOf !== undefined ? inferredTypes : inferred.type,
      });
      return edited;
    }
    // Hand-edited nodes keep their own example (a sample's could break their enum or pattern).
    const out: Schema = { ...edited };
    if (inferred.nullable === true && edited.nullable !== true) this.nullable(pointer, out);
    if (
      typeof edited.format === 'string' &&
      DETECTABLE_FORMATS.has(edited.format) &&
      inferred.type === 'string' &&
      inferred.format !== edited.format
    ) {
      this.report({
        pointer,
        rule: 'format',
        message: `Not every example is a ${edited.format}.`,
        kept: edited.format,
        ...(inferred.format === undefined ? {} : { suggested: inferred.format }),
      });
    }
    if (edited.type === 'object' || (edited.type === undefined && inferred.type === 'object')) {
      this.object(edited, inferred, out, pointer, depth);
    }
    if (edited.type === 'array' && inferred.items !== undefined) {
      out.items =
        edited.items === undefined
          ? inferred.items
          : this.merge(edited.items, inferred.items, `${pointer}/items`, depth + 1);
    }
    return out;
  }

  private nullable(pointer: string, out: Schema): void {
    this.report({
      pointer,
      rule: 'nullable',
      message: 'Some examples have null here; the schema does not allow it.',
      kept: out.nullable ?? false,
      suggested: true,
    });
  }

  private object(edited: Schema, inferred: Schema, out: Schema, pointer: string, depth: number) {
    const inferredProps = inferred.properties;
    if (
      typeof edited.additionalProperties === 'object' &&
      typeof inferred.additionalProperties === 'object'
    ) {
      out.additionalProperties = this.merge(
        edited.additionalProperties,
        inferred.additionalProperties,
        `${pointer}/additionalProperties`,
        depth + 1,
      );
    }
    if (inferredProps === undefined) return;
    if (edited.properties === undefined && edited.additionalProperties !== undefined) return;
    const editedProps = edited.properties ?? {};
    const props: Record<string, Schema> = {};
    const inferredRequired = new Set(inferred.required ?? []);
    const required = [...(edited.required ?? [])];
    for (const key of Object.keys(editedProps)) {
      const mine = editedProps[key] as Schema;
      const theirs = Object.prototype.hasOwnProperty.call(inferredProps, key)
        ? inferredProps[key]
        : undefined;
      const childPointer = `${pointer}/properties/${escapePointerToken(key)}`;
      setOwn(
        props,
        key,
        theirs === undefined ? mine : this.merge(mine, theirs, childPointer, depth + 1),
      );
    }
    for (const key of Object.keys(inferredProps)) {
      if (Object.prototype.hasOwnProperty.call(editedProps, key)) continue;
      setOwn(props, key, inferredProps[key] as Schema);
      if (inferredRequired.has(key)) required.push(key);
    }
    for (const key of edited.required ?? []) {
      if (inferredRequired.has(key)) continue;
      this.report({
        pointer: `${pointer}/properties/${escapePointerToken(key)}`,
        rule: 'required',
        message: `Not every example has “${key}”; the schema requires it.`,
        kept: true,
        suggested: false,
      });
    }
    out.properties = props;
    if (required.length > 0) out.required = required;
  }
}

function compatible(edited: string | undefined, inferred: string | undefined): boolean {
  if (edited === undefined || inferred === undefined) return true;
  return edited === inferred || (edited === 'number' && inferred === 'integer');
}

/** Validator keywords whose failure only restates a structural conflict or a branch's. */
const SKIP_RULES = new Set(['oneOf', 'anyOf', 'not']);

/**
 * Merges the schema inferred from new samples into a hand-edited one (see the module comment).
 * With `samples`, each one is also validated against the result, and every keyword it breaks
 * (enum, pattern, minimum, maxLength, format, …) is a conflict at the schema node concerned.
 */
export function mergeIntoSchema(
  edited: Schema,
  inferred: Schema,
  samples?: readonly unknown[],
): SchemaMerge {
  const merger = new Merger();
  const schema = merger.merge(edited, inferred, '', 0);
  if (samples !== undefined && samples.length > 0) {
    const check = exampleChecker(schema);
    for (const sample of samples) {
      for (const problem of check(sample)) {
        if (SKIP_RULES.has(problem.rule)) continue;
        if (problem.rule === 'type' && merger.has(problem.schemaPointer, 'nullable')) continue;
        const pointer =
          problem.rule === 'required'
            ? `${problem.schemaPointer}/properties/${escapePointerToken(missingKey(problem.message))}`
            : problem.schemaPointer;
        merger.report({
          pointer,
          rule: problem.rule,
          message: `An example breaks “${problem.rule}” at ${problem.pointer || '/'}: ${problem.message}`,
          kept: keywordAt(schema, problem.schemaPointer, problem.rule),
        });
      }
    }
  }
  return { schema, conflicts: merger.conflicts };
}

function missingKey(message: string): string {
  const match = /"([^"]*)"/.exec(message);
  return match?.[1] ?? '';
}

function keywordAt(schema: Schema, pointer: string, rule: string): unknown {
  const node = schemaAt(schema, pointer);
  return node === undefined ? undefined : node[rule];
}
