/**
 * The docs preview frame's entry (`preview-frame.html`, issues 20.3 and 21.2). Runs sandboxed in
 * an opaque origin: it waits for the document from its parent, makes a harmless copy
 * (neutralise.ts) and renders it with Scalar, bundled here (no CDN). Guards go in before Scalar
 * loads: no network API, storage in memory, no script or navigating link.
 */
import { parse } from 'yaml';
import { disableNetwork, guardLinks, memoryStorage } from './guards';
import { neutraliseDocument, type Json } from './neutralise';
import { isRenderMessage, PREVIEW_CHANNEL, type FrameMessage } from './protocol';
import { unshownOperations } from './unshown';

disableNetwork();
memoryStorage();
guardLinks();

/** A message without its channel (Omit of each member of the union). */
type Untagged<T> = T extends unknown ? Omit<T, 'channel'> : never;

function tell(message: Untagged<FrameMessage>): void {
  // The parent is our own page; its origin is not known to an opaque-origin frame.
  window.parent.postMessage({ channel: PREVIEW_CHANNEL, ...message }, '*');
}

/** The document's text as data: JSON first (fast), then YAML with aliases limited. */
function parseDocument(text: string): Json {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(text) as Json;
    } catch {
      // YAML in flow style, or a broken JSON document: the YAML parser says what is wrong.
    }
  }
  return parse(text, { maxAliasCount: 1000 }) as Json;
}

let started = false;

window.addEventListener('message', (event) => {
  if (event.source !== window.parent || !isRenderMessage(event.data) || started) return;
  started = true;
  const t0 = performance.now();
  const text = event.data.text;
  void (async () => {
    try {
      const content = neutraliseDocument(parseDocument(text));
      const unshown = unshownOperations(content);
      const { renderPreview } = await import('./render');
      renderPreview(document.getElementById('preview')!, content, () =>
        tell({ type: 'rendered', ms: performance.now() - t0, unshown }),
      );
    } catch (error) {
      tell({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});

tell({ type: 'ready' });
