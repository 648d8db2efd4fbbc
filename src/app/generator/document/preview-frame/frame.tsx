/**
 * The docs preview frame's entry (`preview-frame.html`). Runs sandboxed in
 * an opaque origin: it waits for the document from its parent (JSON made by the core, a part of
 * a large document), makes a harmless copy
 * (neutralise.ts) and renders it with Scalar, bundled here (no CDN). Guards go in before Scalar
 * loads: no network API, storage in memory, no script or navigating link, no scrolling of the
 * page around the frame.
 */
import { disableNetwork, guardLinks, memoryStorage, scrollInsideOnly } from './guards';
import { neutraliseDocument, type Json } from './neutralise';
import { isRenderMessage, PREVIEW_CHANNEL, type FrameMessage } from './protocol';
import { unshownOperations } from './unshown';

disableNetwork();
memoryStorage();
guardLinks();
scrollInsideOnly();

/** A message without its channel (Omit of each member of the union). */
type Untagged<T> = T extends unknown ? Omit<T, 'channel'> : never;

function tell(message: Untagged<FrameMessage>): void {
  // The parent is our own page; its origin is not known to an opaque-origin frame.
  window.parent.postMessage({ channel: PREVIEW_CHANNEL, ...message }, '*');
}

/** Scalar's chunk starts loading with the frame, while the core prepares the document. */
const renderer = import('./render');
// A failed load is told when the document arrives.
renderer.catch(() => undefined);

let started = false;

window.addEventListener('message', (event) => {
  if (event.source !== window.parent || !isRenderMessage(event.data) || started) return;
  started = true;
  const t0 = performance.now();
  const { json, focus } = event.data;
  if (focus !== undefined) {
    // Scalar scrolls to the id in the fragment when it mounts (its own links work this way).
    try {
      history.replaceState(null, '', `#${focus}`);
    } catch {
      // Not allowed here: the reference starts at its top.
    }
  }
  void (async () => {
    try {
      // JSON from the core (aliases bounded there): no YAML is read, nothing expands here.
      const content = neutraliseDocument(JSON.parse(json) as Json);
      const unshown = unshownOperations(content);
      const { renderPreview } = await renderer;
      renderPreview(document.getElementById('preview')!, content, () =>
        tell({ type: 'rendered', ms: performance.now() - t0, unshown }),
      );
    } catch (error) {
      tell({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});

tell({ type: 'ready' });
