/**
 * Conflicts between a hand-edited schema and new examples (see merge-schema.ts), and the pure
 * helpers the body editor uses to apply one; no validator here, so the page can import it.
 */
import type { Schema } from '../model';

/** A hand edit the new samples contradict. */
export interface SchemaConflict {
  /** JSON pointer into the (edited and merged) schema, to the node concerned. */
  pointer: string;
  /** The keyword in question: type, nullable, required, format, enum, minimum, pattern, … */
  rule: string;
  message: string;
  /** The edited value, which the merge kept. */
  kept?: unknown;
  /** What the samples suggest instead (absent: drop the keyword). */
  suggested?: unknown;
}

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The schema node at a JSON pointer, or undefined. */
export function schemaAt(schema: Schema, pointer: string): Schema | undefined {
  if (pointer === '') return schema;
  let node: unknown = schema;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node !== null && typeof node === 'object' ? (node as Schema) : undefined;
}

/**
 * A copy of `schema` with the samples' side of one conflict applied: the suggested type or
 * format, `nullable: true`, the property made optional, or the broken keyword dropped.
 */
export function acceptSuggestion(schema: Schema, conflict: SchemaConflict): Schema {
  const copy = structuredClone(schema);
  if (conflict.rule === 'required') {
    const cut = conflict.pointer.lastIndexOf('/properties/');
    const parent = schemaAt(copy, conflict.pointer.slice(0, cut));
    const key = conflict.pointer
      .slice(cut + '/properties/'.length)
      .replace(/~1/g, '/')
      .replace(/~0/g, '~');
    if (parent?.required !== undefined) {
      parent.required = parent.required.filter((name) => name !== key);
      if (parent.required.length === 0) delete parent.required;
    }
    return copy;
  }
  const node = schemaAt(copy, conflict.pointer);
  if (node === undefined) return copy;
  if (conflict.rule === 'type' && Array.isArray(conflict.suggested)) {
    // Several kinds: the node becomes a oneOf of them; keep its annotations.
    const description = node.description;
    for (const key of Object.keys(node)) delete node[key];
    node.oneOf = (conflict.suggested as string[]).map((type) => ({ type }) as Schema);
    if (description !== undefined) node.description = description;
  } else if (conflict.suggested === undefined) {
    delete node[conflict.rule];
  } else {
    node[conflict.rule] = conflict.suggested;
    if (conflict.rule === 'type') {
      for (const key of ['properties', 'required', 'items', 'additionalProperties', 'format']) {
        delete node[key];
      }
    }
  }
  return copy;
}
