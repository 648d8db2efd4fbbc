/** Shaping converted YAML for insertion at an editor's caret; pure text, no YAML parser. */

/** A line that ends in a mapping key waiting for its value: `key:` or `- key: ` (no value yet). */
const KEY_AWAITING_VALUE = /^(\s*)((?:-\s+)*)(?:"[^"]*"|'[^']*'|[^\s#'"][^#]*?)\s*:\s*$/;

/**
 * YAML converted from a pasted JSON, shaped to be inserted at the caret:
 * - after `key:` (or `key: `), the YAML becomes that key's value block: a line break, then every
 *   line indented one level (2 spaces) deeper than the key; a one-line flow value (`[]`, `{}`)
 *   stays on the key's line;
 * - anywhere else, the first line goes where the caret is and every further line is indented to
 *   the caret's column, so a paste under an indented key or after `- ` keeps the document's shape;
 *   at column 0 the YAML is inserted unchanged (whole lines, trailing line break included).
 * `lineBeforeCaret` is the text of the caret's line from its start up to the caret.
 */
export function indentYamlForInsertion(yaml: string, lineBeforeCaret: string): string {
  // At column 0 nothing is reshaped: a whole converted document is not split into lines at all.
  if (lineBeforeCaret === '') return yaml;
  const lines = yaml.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  const key = KEY_AWAITING_VALUE.exec(lineBeforeCaret);
  if (key) {
    const single = lines.length === 1 ? (lines[0] ?? '') : undefined;
    if (single !== undefined && /^[[{]/.test(single)) {
      return /\s$/.test(lineBeforeCaret) ? single : ` ${single}`;
    }
    // The key starts after the line's indentation and any `- ` item markers.
    const keyColumn = (key[1] ?? '').length + (key[2] ?? '').length;
    const pad = ' '.repeat(keyColumn + 2);
    return lines.map((line) => (line === '' ? '\n' : `\n${pad}${line}`)).join('');
  }
  // Tabs before the caret are kept as they are so the columns line up in the editor too.
  const pad = lineBeforeCaret.replace(/\S/g, ' ');
  return lines.map((line, i) => (i === 0 || line === '' ? line : `${pad}${line}`)).join('\n');
}
