/**
 * Messages between the generator page and the docs preview frame. The frame
 * is `preview-frame.html`, loaded in `<iframe sandbox="allow-scripts …">` without
 * `allow-same-origin`: it runs in an opaque origin (no access to the app's storage, cookies or
 * tokens) and, in Chromium, in its own renderer process, so Scalar's long render never blocks
 * the editor.
 */

/** Marks our messages among any others a window may receive. */
export const PREVIEW_CHANNEL = 'specform-preview';

/** The frame's page, a separate Vite HTML entry served from our own origin. */
export const PREVIEW_FRAME_PATH = '/preview-frame.html';

export type FrameMessage =
  | { channel: typeof PREVIEW_CHANNEL; type: 'ready' }
  | {
      channel: typeof PREVIEW_CHANNEL;
      type: 'rendered';
      ms: number;
      /** Operations the reference leaves out ("QUERY /books"; see unshown.ts). */
      unshown?: string[];
    }
  | { channel: typeof PREVIEW_CHANNEL; type: 'error'; message: string };

export interface RenderMessage {
  channel: typeof PREVIEW_CHANNEL;
  type: 'render';
  /**
   * The document (or the part of a large one) as JSON text, made by the core in the worker
   * (document/preview-part.ts) with YAML aliases bounded: the frame only JSON-parses it.
   */
  json: string;
  /**
   * Scalar's id of the operation open in the form (`tag/orders/PUT/orders/{id}`): the frame
   * starts there (the operations in view first), as a link to it would.
   */
  focus?: string;
}

export function isFrameMessage(data: unknown): data is FrameMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { channel?: unknown }).channel === PREVIEW_CHANNEL &&
    typeof (data as { type?: unknown }).type === 'string'
  );
}

export function isRenderMessage(data: unknown): data is RenderMessage {
  return (
    isFrameMessage(data as FrameMessage) &&
    (data as { type: string }).type === 'render' &&
    typeof (data as { json?: unknown }).json === 'string' &&
    ['string', 'undefined'].includes(typeof (data as { focus?: unknown }).focus)
  );
}
