/**
 * YAML text that we write: indent 2, no line wrapping, no anchors, and every string that a
 * YAML 1.1 or a YAML 1.2 reader could take for something else (yes/no/on/off, dates,
 * octal and sexagesimal numbers, `1_000`, `.inf`…) double-quoted, so the text means the same
 * to both.
 */
import { Document, isScalar, parse, visit, type Scalar } from 'yaml';
import { isPlainSafe } from './scalar-text';

/**
 * Whether a string must be quoted: the conservative rule of new scalars (isPlainSafe) flags it
 * and a YAML 1.1 or 1.2 reader would indeed take the plain text for something else (`3.0.1`
 * stays plain, `yes`, `012` and `2024-01-01` do not). Indicators are `yaml`'s own business.
 */
function mustQuote(value: string): boolean {
  if (isPlainSafe(value, 'block')) return false;
  if (value.includes('\n')) return false;
  try {
    return parse(value, { version: '1.1' }) !== value || parse(value, { version: '1.2' }) !== value;
  } catch {
    return false; // not a scalar YAML could read plain: yaml quotes it itself
  }
}

/** Plain data as YAML text (indent 2, no wrapping, no aliases, 1.1/1.2-unambiguous strings). */
export function yamlText(data: unknown): string {
  const doc = new Document(data, { aliasDuplicateObjects: false });
  visit(doc, {
    Scalar(_key, node: Scalar) {
      if (typeof node.value === 'string' && node.type === undefined && mustQuote(node.value)) {
        node.type = 'QUOTE_DOUBLE';
      }
    },
    Pair(_key, pair) {
      const key = pair.key;
      if (isScalar(key) && typeof key.value === 'string' && mustQuote(key.value)) {
        key.type = 'QUOTE_DOUBLE';
      }
    },
  });
  return doc.toString({ indent: 2, lineWidth: 0, minContentWidth: 0 });
}
