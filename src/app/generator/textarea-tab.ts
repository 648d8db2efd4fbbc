/** Tab handling of the body editor's textarea (spec §2): Tab inserts or indents, Shift+Tab outdents. */

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * Applies Tab (or Shift+Tab) to a text and a selection. Without a multi-line selection Tab
 * replaces the selection with a tab character; a selection spanning lines indents (or
 * outdents) every line it touches and keeps those lines selected.
 */
export function applyTab(
  value: string,
  selectionStart: number,
  selectionEnd: number,
  outdent: boolean,
): TextEdit {
  const selected = value.slice(selectionStart, selectionEnd);
  const multiLine = selected.includes('\n');
  if (!multiLine && !outdent) {
    const next = value.slice(0, selectionStart) + '\t' + value.slice(selectionEnd);
    return { value: next, selectionStart: selectionStart + 1, selectionEnd: selectionStart + 1 };
  }
  const lineStart = value.lastIndexOf('\n', selectionStart - 1) + 1;
  // A selection that ends right after a newline does not touch the next line.
  const endAt = multiLine && value[selectionEnd - 1] === '\n' ? selectionEnd - 1 : selectionEnd;
  const nextNewline = value.indexOf('\n', endAt);
  const lineEnd = nextNewline === -1 ? value.length : nextNewline;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  let firstDelta = 0;
  let total = 0;
  const changed = lines.map((line, i) => {
    if (!outdent) {
      if (i === 0) firstDelta = 1;
      total += 1;
      return '\t' + line;
    }
    const strip = line.startsWith('\t') ? 1 : (/^ {1,2}/.exec(line)?.[0].length ?? 0);
    if (i === 0) firstDelta = -strip;
    total -= strip;
    return line.slice(strip);
  });
  const next = value.slice(0, lineStart) + changed.join('\n') + value.slice(lineEnd);
  if (!multiLine) {
    const caret = Math.max(lineStart, selectionStart + firstDelta);
    return {
      value: next,
      selectionStart: caret,
      selectionEnd: Math.max(caret, selectionEnd + firstDelta),
    };
  }
  return {
    value: next,
    selectionStart: Math.max(lineStart, selectionStart + firstDelta),
    selectionEnd: selectionEnd + total,
  };
}
