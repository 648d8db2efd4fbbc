/** The JSON-paste flow of spec §4, kept free of Monaco so it can be tested on its own. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, type GeneratorClient } from '../core/generator-client';
import { yieldToBrowser } from '../util/slices';

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
  /** The YAML conversion; undefined while a whole document's is still being made. */
  yaml: string | undefined;
  /**
   * The paste is a whole OpenAPI (or Swagger) document in JSON. The dialog offers
   * "Open as JSON" beside "Convert to YAML"; `conversionFailed` says its YAML could not be made.
   */
  document?: true;
  conversionFailed?: true;
}

type PasteClient = Pick<GeneratorClient, 'jsonPasteKind' | 'jsonToYaml' | 'jsonDocumentToYaml'>;

/**
 * A paste longer than this many characters goes to the worker in a task after the paste event's:
 * that task already reads the whole clipboard (`getData`), and posting megabytes to the worker
 * in it too made it longer still (GitHub's 13 MB description: a paste task of 150–190 ms).
 */
export const DEFER_POST_CHARS = 256 * 1024;

/** Where a paste goes. */
export interface PasteTarget {
  /**
   * The output editor holds a JSON document and the paste does not replace all of it: a JSON
   * example pasted into it goes in as JSON (no YAML dialog), as typing would.
   */
  intoJson?: boolean;
}

/**
 * Decides what a paste becomes: an offer to convert (JSON object or array) or undefined (paste
 * as is). A failed conversion logs the spec §8 warning and lets the paste through. A whole
 * OpenAPI document in JSON is offered at once, its YAML left undefined (see {@link convertLater}).
 */
export async function detectJsonPaste(
  client: PasteClient,
  text: string,
  target: PasteTarget = {},
): Promise<JsonPasteOffer | undefined> {
  if (!mayBeJsonPaste(text)) return undefined;
  let kind = 'none';
  if (text.length > DEFER_POST_CHARS) await yieldToBrowser();
  try {
    kind = await client.jsonPasteKind(text);
  } catch {
    kind = 'none';
  }
  if (kind === 'none') return undefined;
  // A whole document: the dialog does not wait for its YAML (seconds for 13 MB).
  if (kind === 'document') return { json: text, yaml: undefined, document: true };
  if (target.intoJson === true) return undefined;
  try {
    return { json: text, yaml: await client.jsonToYaml(text) };
  } catch {
    console.warn(CONVERSION_FAILED_WARNING);
    return undefined;
  }
}

/**
 * A whole document's offer with its YAML, or marked as not convertible (the warning logged).
 * Made in the job worker; `signal` stops it (the dialog closed): the offer comes back as it was.
 */
export async function convertLater(
  client: PasteClient,
  offer: JsonPasteOffer,
  signal?: AbortSignal,
): Promise<JsonPasteOffer> {
  try {
    return { ...offer, yaml: await client.jsonDocumentToYaml(offer.json, { signal }) };
  } catch (error) {
    if (signal?.aborted === true || isAbortError(error)) return offer;
    console.warn(CONVERSION_FAILED_WARNING);
    return { ...offer, conversionFailed: true };
  }
}

export interface JsonPasteController {
  offer: JsonPasteOffer | undefined;
  /** Handles a paste that was held back; `pasteAsIs` performs the ordinary paste. */
  handlePaste: (
    text: string,
    pasteAsIs: (text: string) => void,
    target?: PasteTarget,
  ) => Promise<void>;
  /** Convert: hands the YAML to `replaceSelection` and closes the dialog. */
  convert: (replaceSelection: (yaml: string) => void) => void;
  /** Open as JSON (a whole document): hands the JSON to `open` and closes the dialog. */
  openAsJson: (open: (json: string) => void) => void;
  /** Cancel, × or Escape: closes the dialog and clears both texts; the editor is untouched. */
  cancel: () => void;
}

export function useJsonPaste(client: PasteClient): JsonPasteController {
  const [offer, setOffer] = useState<JsonPasteOffer | undefined>(undefined);
  /** Stops the YAML being made for the open offer (a closed dialog's is of no use). */
  const converting = useRef<AbortController | undefined>(undefined);
  const stopConverting = useCallback(() => {
    converting.current?.abort();
    converting.current = undefined;
  }, []);
  useEffect(() => stopConverting, [stopConverting]);
  const handlePaste = useCallback(
    async (text: string, pasteAsIs: (text: string) => void, target?: PasteTarget) => {
      const found = await detectJsonPaste(client, text, target);
      if (!found) {
        pasteAsIs(text);
        return;
      }
      stopConverting();
      setOffer(found);
      if (found.yaml !== undefined) return;
      const controller = new AbortController();
      converting.current = controller;
      const converted = await convertLater(client, found, controller.signal);
      if (converting.current === controller) converting.current = undefined;
      // Only the offer still open takes its YAML (not one cancelled or replaced meanwhile).
      setOffer((open) => (open === found ? converted : open));
    },
    [client, stopConverting],
  );
  const convert = useCallback(
    (replaceSelection: (yaml: string) => void) => {
      if (offer?.yaml !== undefined) replaceSelection(offer.yaml);
      stopConverting();
      setOffer(undefined);
    },
    [offer, stopConverting],
  );
  const openAsJson = useCallback(
    (open: (json: string) => void) => {
      stopConverting();
      if (offer?.document === true) open(offer.json);
      setOffer(undefined);
    },
    [offer, stopConverting],
  );
  const cancel = useCallback(() => {
    stopConverting();
    setOffer(undefined);
  }, [stopConverting]);
  return { offer, handlePaste, convert, openAsJson, cancel };
}
