/**
 * The docs preview (issues 11, 20.3, 21.2): Scalar's API reference, bundled with the app, rendered
 * in a sandboxed frame (`preview-frame.html`, `sandbox="allow-scripts allow-popups
 * allow-popups-to-escape-sandbox"`, no `allow-same-origin`). The frame runs in an opaque origin:
 * it cannot read the app's storage or tokens, nothing it draws leaves its box, and in Chromium it
 * renders in its own process, so a 4 MB document never blocks the editor. Its own strict CSP
 * (`connect-src 'none'`, server) and its guards (no network API, links checked; frame.tsx) keep
 * it offline; the document it gets is a copy without external `$ref`s, images or script links
 * (neutralise.ts). Links to other pages open in a new tab, outside the sandbox. Operations
 * Scalar cannot show (OpenAPI 3.2 `query` and additional operations) are named beside it.
 */
import { Plural, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import {
  isFrameMessage,
  PREVIEW_CHANNEL,
  PREVIEW_FRAME_PATH,
  type RenderMessage,
} from './preview-frame/protocol';

type State =
  | { kind: 'loading' }
  | { kind: 'rendered'; unshown: string[] }
  | { kind: 'error'; message: string };

/** How many of the operations the preview leaves out are named (the rest are counted). */
const UNSHOWN_NAMED = 6;

/** The frame's list of operations it leaves out, when it is one (the frame is not trusted). */
function unshownOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

export default function DocsPreview({ text }: { text: string }) {
  const { t } = useLingui();
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let sent = false;
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || !isFrameMessage(event.data)) return;
      const message = event.data;
      if (message.type === 'ready') {
        // Sent once per frame: a frame that reloaded or navigated gets nothing more.
        if (sent) return;
        sent = true;
        const render: RenderMessage = { channel: PREVIEW_CHANNEL, type: 'render', text };
        // The frame's origin is opaque ("null"), so it cannot be named as the target.
        target.postMessage(render, '*');
      } else if (message.type === 'rendered') {
        setState({ kind: 'rendered', unshown: unshownOf(message.unshown) });
      } else if (message.type === 'error') {
        setState({ kind: 'error', message: message.message });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [text]);

  const unshown = state.kind === 'rendered' ? state.unshown.length : 0;
  const names =
    state.kind === 'rendered'
      ? state.unshown.slice(0, UNSHOWN_NAMED).join(', ') + (unshown > UNSHOWN_NAMED ? ', …' : '')
      : '';
  return (
    <div className="doc-preview-body doc-preview-frame-box" data-state={state.kind}>
      {state.kind === 'loading' ? (
        <p className="gen-muted doc-preview-empty doc-preview-status" role="status">
          {t`Rendering the preview…`}
        </p>
      ) : null}
      {unshown > 0 ? (
        <p className="gen-muted doc-preview-note" role="note" data-testid="preview-unshown">
          <Plural
            value={unshown}
            one="The preview leaves out # OpenAPI 3.2 operation it cannot show yet (the document keeps it):"
            other="The preview leaves out # OpenAPI 3.2 operations it cannot show yet (the document keeps them):"
          />{' '}
          <span className="doc-preview-unshown-list">{names}</span>
        </p>
      ) : null}
      {state.kind === 'error' ? (
        <p className="gen-muted doc-preview-empty doc-preview-status" role="alert">
          {t`The preview could not read this document: ${state.message}`}
        </p>
      ) : null}
      <iframe
        ref={frame}
        key={text}
        className="doc-preview-frame"
        title={t`Documentation preview`}
        src={PREVIEW_FRAME_PATH}
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        data-testid="docs-preview-frame"
      />
    </div>
  );
}
