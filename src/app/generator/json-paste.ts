/** The JSON-paste flow of spec §4, kept free of Monaco so it can be tested on its own. */
import { useCallback, useState } from 'react';
import type { GeneratorClient } from '../core/generator-client';

/** Spec §8: logged (in Russian, as the catalogue says) when JSON cannot be converted. */
export const CONVERSION_FAILED_WARNING = 'Не удалось конвертировать JSON в YAML';

/** What `String.prototype.trim` removes: white space and line terminators. */
const WHITESPACE = /\s/;

/**
 * A cheap main-thread pre-check: only text that could be JSON by the spec §5 rule (trimmed, starts
 * with { or [, ends with } or ]) is held back for the worker; everything else pastes at once.
 */
export function mayBeJsonPaste(text: string): boolean {
  // Only the ends are looked at: trimming a 4 MB paste would copy it in the paste's own task.
  let start = 0;
  while (start < text.length && WHITESPACE.test(text[start]!)) start++;
  let end = text.length - 1;
  while (end > start && WHITESPACE.test(text[end]!)) end--;
  if (end - start < 1) return false;
  const first = text[start];
  const last = text[end];
  return (first === '{' || first === '[') && (last === '}' || last === ']');
}

export interface JsonPasteOffer {
  json: string;
  yaml: string;
}

/**
 * Decides what a paste becomes: an offer to convert (JSON object or array) or undefined (paste
 * as is). A failed conversion logs the spec §8 warning and lets the paste through.
 */
export async function detectJsonPaste(
  client: Pick<GeneratorClient, 'isJsonPaste' | 'jsonToYaml'>,
  text: string,
): Promise<JsonPasteOffer | undefined> {
  if (!mayBeJsonPaste(text)) return undefined;
  let isJson = false;
  try {
    isJson = await client.isJsonPaste(text);
  } catch {
    isJson = false;
  }
  if (!isJson) return undefined;
  try {
    return { json: text, yaml: await client.jsonToYaml(text) };
  } catch {
    console.warn(CONVERSION_FAILED_WARNING);
    return undefined;
  }
}

export interface JsonPasteController {
  offer: JsonPasteOffer | undefined;
  /** Handles a paste that was held back; `pasteAsIs` performs the ordinary paste. */
  handlePaste: (text: string, pasteAsIs: (text: string) => void) => Promise<void>;
  /** Convert: hands the YAML to `replaceSelection` and closes the dialog. */
  convert: (replaceSelection: (yaml: string) => void) => void;
  /** Cancel, × or Escape: closes the dialog and clears both texts; the editor is untouched. */
  cancel: () => void;
}

export function useJsonPaste(
  client: Pick<GeneratorClient, 'isJsonPaste' | 'jsonToYaml'>,
): JsonPasteController {
  const [offer, setOffer] = useState<JsonPasteOffer | undefined>(undefined);
  const handlePaste = useCallback(
    async (text: string, pasteAsIs: (text: string) => void) => {
      const found = await detectJsonPaste(client, text);
      if (found) setOffer(found);
      else pasteAsIs(text);
    },
    [client],
  );
  const convert = useCallback(
    (replaceSelection: (yaml: string) => void) => {
      if (offer) replaceSelection(offer.yaml);
      setOffer(undefined);
    },
    [offer],
  );
  const cancel = useCallback(() => setOffer(undefined), []);
  return { offer, handlePaste, convert, cancel };
}
