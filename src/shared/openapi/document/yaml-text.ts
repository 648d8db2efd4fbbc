/**
 * YAML text that we write: indent 2, no line wrapping, no anchors, and every string that a
 * YAML 1.1 or a YAML 1.2 reader could take for something else (yes/no/on/off, dates,
 * octal and sexagesimal numbers, `1_000`, `.inf`…) double-quoted, so the text means the same
 * to both.
 */
import { Document, parse, visit, type Scalar } from 'yaml';
import { mayReadAsNonString } from './scalar-text';

/**
 * Whether a string must be quoted: it looks like a word, number, date or time (the patterns of
 * isPlainSafe) and a YAML 1.1 or 1.2 reader would indeed take the plain text for something else
 * (`3.0.1` stays plain, `yes`, `012` and `2024-01-01` do not).
 */
function mustQuote(value: string): boolean {
  // Only a word, number, date or time can be read as another type; indicators, spaces and line
  // breaks are yaml's own business (it quotes them itself).
  if (value.includes('\n') || !mayReadAsNonString(value)) return false;
  try {
    return parse(value, { version: '1.1' }) !== value || parse(value, { version: '1.2' }) !== value;
  } catch {
    return false; // not a scalar YAML could read plain: yaml quotes it itself
  }
}

/** Plain data as YAML text (indent 2, no wrapping, no aliases, 1.1/1.2-unambiguous strings). */
export function yamlText(data: unknown): string {
  const doc = new Document(data, { aliasDuplicateObjects: false });
  // Keys are scalars too: one visitor sees them all.
  visit(doc, {
    Scalar(_key, node: Scalar) {
      if (typeof node.value === 'string' && node.type === undefined && mustQuote(node.value)) {
        node.type = 'QUOTE_DOUBLE';
      }
    },
  });
  return doc.toString({ indent: 2, lineWidth: 0, minContentWidth: 0 });
}
