/**
 * Files in and out: open a .yaml, .yml or .json file (a .json file stays JSON);
 * download a project as .yaml or .json (the text as it is when it is in that format,
 * converted by the core in the worker when not); copy to the clipboard.
 */
import { MAX_DOCUMENT_BYTES, utf8Length } from '../../shared/openapi/limits';
import { generatorClient } from '../core/generator-client';

export const OPENABLE = '.yaml,.yml,.json,application/json,application/yaml,text/yaml';

export type OpenFileError = 'type' | 'size' | 'read';

export class OpenFileFailure extends Error {
  constructor(
    readonly reason: OpenFileError,
    /** For 'size': the file's size in bytes. */
    readonly size?: number,
  ) {
    super(reason);
  }
}

/** The file's text and a project name from its file name; rejects with {@link OpenFileFailure}. */
export async function readDocumentFile(file: File): Promise<{ name: string; text: string }> {
  if (!/\.(ya?ml|json)$/i.test(file.name)) throw new OpenFileFailure('type');
  // The limit is in UTF-8 bytes, as the file counts them (a BOM aside).
  if (file.size > MAX_DOCUMENT_BYTES + 3) throw new OpenFileFailure('size', file.size);
  let text: string;
  try {
    text = await file.text();
  } catch {
    throw new OpenFileFailure('read');
  }
  const bytes = utf8Length(text);
  if (bytes > MAX_DOCUMENT_BYTES) throw new OpenFileFailure('size', bytes);
  const name = file.name.replace(/\.(ya?ml|json)$/i, '').trim() || file.name;
  return { name: name.slice(0, 200), text };
}

/** A file name from a project name (no path characters). */
export function fileName(name: string, extension: 'yaml' | 'json'): string {
  // eslint-disable-next-line no-control-regex
  const base = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'openapi';
  return `${base.slice(0, 120)}.${extension}`;
}

/** Offers `text` as a file download. */
export function downloadText(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Whether a document's text is JSON: its first non-blank character is `{` (no copy made). */
export function isJsonText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // White space, and the byte order mark.
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) continue;
    return c === 123;
  }
  return false;
}

/**
 * Downloads the document as YAML or JSON. A text in the format asked for is downloaded as it is
 * (a JSON document kept as JSON, too); the other format is converted off the main
 * thread. A JSON text that cannot be converted to YAML is downloaded as it is (JSON is YAML).
 */
export async function downloadDocument(
  name: string,
  text: string,
  format: 'yaml' | 'json',
): Promise<void> {
  const client = generatorClient();
  if (format === 'yaml') {
    const yaml = isJsonText(text) ? await client.jsonToYaml(text).catch(() => text) : text;
    downloadText(fileName(name, 'yaml'), yaml, 'application/yaml');
    return;
  }
  const asIs = isJsonText(text) && (await client.jsonPasteKind(text)) !== 'none';
  const json = asIs ? text : await client.documentToJson(text);
  downloadText(fileName(name, 'json'), json, 'application/json');
}

/** Copies text to the clipboard; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
