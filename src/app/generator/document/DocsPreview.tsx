/**
 * The docs preview: Scalar's API reference, bundled with the
 * app, rendered in a sandboxed frame (`preview-frame.html`, `sandbox="allow-scripts allow-popups
 * allow-popups-to-escape-sandbox"`, no `allow-same-origin`). The frame runs in an opaque origin:
 * it cannot read the app's storage or tokens, nothing it draws leaves its box, and in Chromium it
 * renders in its own process, so a 4 MB document never blocks the editor. Its own strict CSP
 * (`connect-src 'none'`, server) and its guards (no network API, links checked; frame.tsx) keep
 * it offline; the document it gets is a copy without external `$ref`s, images or script links
 * (neutralise.ts). Links to other pages open in a new tab, outside the sandbox. Operations
 * Scalar cannot show (OpenAPI 3.2 `query` and additional operations) are named beside it.
 *
 * What the frame renders is made by the core in the worker (`previewPart`): the document as
 * JSON with YAML aliases bounded (EXPANSION_TOO_LARGE is shown here, translated), and for a large
 * document (GitHub's 1,223 operations) one part of it — the tag of the endpoint open in the form
 * first — with a list of the other parts. Every stage says what it waits for: preparing (and
 * why), rendering, still rendering; the pane is never blank.
 */
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type {
  PreviewAnswer,
  PreviewOperation,
  PreviewPart,
} from '../../../shared/openapi/document/preview-part';
import type { ErrorInfo } from '../../../shared/openapi';
import { CoreCallError, generatorClient, isAbortError } from '../../core/generator-client';
import { coreErrorText } from '../../core/core-errors';
import {
  isFrameMessage,
  PREVIEW_CHANNEL,
  PREVIEW_FRAME_PATH,
  type RenderMessage,
} from './preview-frame/protocol';

type State =
  | { kind: 'preparing' }
  | { kind: 'rendering'; slow: boolean }
  | { kind: 'rendered'; unshown: string[] }
  | { kind: 'error'; error: ErrorInfo }
  | { kind: 'frame-error'; message: string };

/** How many of the operations the preview leaves out are named (the rest are counted). */
const UNSHOWN_NAMED = 6;
/** After this long without "rendered", the pane says the frame is still at it. */
const STILL_RENDERING_MS = 4000;
/** A text this long is prepared in parts (the core decides; this only words the wait). */
const LARGE_TEXT_CHARS = 1.5 * 1024 * 1024;

/** The frame's list of operations it leaves out, when it is one (the frame is not trusted). */
function unshownOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** A tag as Scalar writes it in ids (github-slugger's rule, for the common characters). */
function scalarSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** Scalar's id of the open operation in a part (undefined for webhooks). */
function focusOf(open: PreviewOperation | undefined, part: PreviewPart): string | undefined {
  if (open === undefined || open.webhook === true) return undefined;
  const tag = part.kind === 'tag' ? `tag/${scalarSlug(part.name)}/` : '';
  return `${tag}${open.method.toUpperCase()}${open.path}`;
}

function errorInfoOf(error: unknown): ErrorInfo {
  if (error instanceof CoreCallError) return error.info;
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

export default function DocsPreview({
  text,
  openOperation,
}: {
  text: string;
  /** The endpoint open in the form when the preview opens: its part is shown first. */
  openOperation?: (() => PreviewOperation | undefined) | undefined;
}) {
  const { t, i18n } = useLingui();
  const frame = useRef<HTMLIFrameElement>(null);
  const selectId = useId();
  const [state, setState] = useState<State>({ kind: 'preparing' });
  /** The part asked for (undefined: the open endpoint's, else the first). */
  const [partId, setPartId] = useState<string | undefined>(undefined);
  const [answer, setAnswer] = useState<PreviewAnswer | undefined>(undefined);
  /** A new frame per request: a frame renders one document. */
  const [generation, setGeneration] = useState(0);
  const operation = useRef(openOperation?.());
  /** The JSON for the current frame, and whether that frame said it is ready. */
  const pending = useRef<{ json?: string; focus?: string; ready: boolean; sent: boolean }>({
    ready: false,
    sent: false,
  });

  const send = () => {
    const target = frame.current?.contentWindow;
    const slot = pending.current;
    if (!target || !slot.ready || slot.sent || slot.json === undefined) return;
    slot.sent = true;
    const render: RenderMessage = { channel: PREVIEW_CHANNEL, type: 'render', json: slot.json };
    if (slot.focus !== undefined) render.focus = slot.focus;
    // The frame's origin is opaque ("null"), so it cannot be named as the target.
    target.postMessage(render, '*');
    setState({ kind: 'rendering', slow: false });
  };

  /** Another part: a new frame when this one has a document (a frame renders one). */
  const choose = (id: string) => {
    if (pending.current.sent || pending.current.json !== undefined) {
      // Reset before the new frame is mounted, so that its "ready" finds the fresh slot.
      pending.current = { ready: false, sent: false };
      setGeneration((n) => n + 1);
    }
    setState({ kind: 'preparing' });
    setPartId(id);
  };

  // The text changes only with a new DocsPreview (OutputTabs reads it again on each opening).
  useEffect(() => {
    const controller = new AbortController();
    const request = { text, ...(partId === undefined ? {} : { part: partId }) };
    const open = operation.current;
    generatorClient()
      .previewPart(open === undefined ? request : { ...request, operation: open }, {
        signal: controller.signal,
      })
      .then(
        (next) => {
          setAnswer(next);
          pending.current.json = next.json;
          // The first part is the open endpoint's: the reference starts at it.
          const focus =
            partId === undefined && next.part !== undefined ? focusOf(open, next.part) : undefined;
          if (focus !== undefined) pending.current.focus = focus;
          send();
        },
        (error: unknown) => {
          if (isAbortError(error)) return;
          setState({ kind: 'error', error: errorInfoOf(error) });
        },
      );
    return () => controller.abort();
  }, [text, partId]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || !isFrameMessage(event.data)) return;
      const message = event.data;
      if (message.type === 'ready') {
        // Once per frame: a frame that reloaded or navigated gets nothing more.
        if (pending.current.ready) return;
        pending.current.ready = true;
        send();
      } else if (message.type === 'rendered') {
        setState({ kind: 'rendered', unshown: unshownOf(message.unshown) });
      } else if (message.type === 'error') {
        setState({ kind: 'frame-error', message: message.message });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const rendering = state.kind === 'rendering' && !state.slow;
  useEffect(() => {
    if (!rendering) return;
    const timer = setTimeout(() => setState({ kind: 'rendering', slow: true }), STILL_RENDERING_MS);
    return () => clearTimeout(timer);
  }, [rendering, generation]);

  const parts = answer?.parts ?? [];
  const part = answer?.part;
  const partLabel = (item: PreviewPart): string => {
    const name =
      item.kind === 'tag'
        ? t`Tag ${item.name}`
        : item.kind === 'path'
          ? t`Paths ${item.name}`
          : item.kind === 'untagged'
            ? t`Operations without a tag`
            : t`Webhooks`;
    const count = plural(item.operations, { one: '# operation', other: '# operations' });
    return item.pages > 1
      ? t`${name}, page ${item.page} of ${item.pages}: ${count}`
      : t`${name}: ${count}`;
  };
  /** What the part is, in a sentence ("the operations of tag repos"). */
  const partPhrase = (item: PreviewPart): string =>
    item.kind === 'tag'
      ? t`the operations of tag ${item.name}`
      : item.kind === 'path'
        ? t`the operations under ${item.name}`
        : item.kind === 'untagged'
          ? t`the operations without a tag`
          : t`the webhooks`;

  const asked = partId === undefined ? undefined : parts.find((item) => item.id === partId);
  const megabytes = i18n.number(text.length / 1024 / 1024, { maximumFractionDigits: 1 });
  let status: string | undefined;
  if (state.kind === 'preparing') {
    status =
      asked !== undefined
        ? t`Large document: preparing ${partPhrase(asked)}…`
        : text.length > LARGE_TEXT_CHARS
          ? t`Large document (${megabytes} MB): preparing the part of it the preview shows first…`
          : t`Preparing the preview…`;
  } else if (state.kind === 'rendering') {
    const what = part === undefined ? undefined : partPhrase(part);
    if (state.slow) {
      status =
        what === undefined
          ? t`Still rendering the preview; a large document takes a while…`
          : t`Still rendering ${what}; a large part takes a while…`;
    } else {
      status = what === undefined ? t`Rendering the preview…` : t`Rendering ${what}…`;
    }
  }

  const unshown = state.kind === 'rendered' ? state.unshown.length : 0;
  const names =
    state.kind === 'rendered'
      ? state.unshown.slice(0, UNSHOWN_NAMED).join(', ') + (unshown > UNSHOWN_NAMED ? ', …' : '')
      : '';
  const operations = answer?.operations ?? 0;
  const byTag = parts.some((item) => item.kind === 'tag');
  return (
    <div
      className="doc-preview-body doc-preview-frame-box"
      data-state={state.kind}
      data-prepared-ms={answer === undefined ? undefined : Math.round(answer.ms)}
    >
      {parts.length > 0 && part !== undefined ? (
        <div className="doc-preview-note doc-preview-parts" data-testid="preview-parts">
          <p className="gen-muted doc-preview-parts-note" role="note">
            {byTag ? (
              <Plural
                value={operations}
                one="This document has # operation; the preview shows it by tag."
                other="This document has # operations; the preview shows them by tag."
              />
            ) : (
              <Plural
                value={operations}
                one="This document has # operation; the preview shows it by path."
                other="This document has # operations; the preview shows them by path."
              />
            )}
          </p>
          <label htmlFor={selectId} className="doc-preview-parts-label">
            <Trans>Part</Trans>
          </label>
          <select
            id={selectId}
            className="doc-preview-parts-select"
            value={part.id}
            data-testid="preview-part-select"
            onChange={(event) => choose(event.target.value)}
          >
            {parts.map((item) => (
              <option key={item.id} value={item.id}>
                {partLabel(item)}
              </option>
            ))}
          </select>
        </div>
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
      <div className="doc-preview-stage">
        {status !== undefined ? (
          <p
            className="gen-muted doc-preview-empty doc-preview-status"
            role="status"
            data-testid="preview-status"
          >
            {status}
          </p>
        ) : null}
        {state.kind === 'error' ? (
          <p
            className="gen-muted doc-preview-empty doc-preview-status"
            role="alert"
            data-testid="preview-error"
            data-code={state.error.code}
          >
            {t`The preview cannot show this document: ${coreErrorText(state.error)}`}
            {state.error.line !== undefined ? (
              <> {t`Line ${state.error.line}, column ${state.error.column ?? 1}.`}</>
            ) : null}
          </p>
        ) : null}
        {state.kind === 'frame-error' ? (
          <p
            className="gen-muted doc-preview-empty doc-preview-status"
            role="alert"
            data-testid="preview-error"
          >
            {t`The preview could not read this document: ${state.message}`}
          </p>
        ) : null}
        <iframe
          ref={frame}
          key={generation}
          className="doc-preview-frame"
          title={t`Documentation preview`}
          src={PREVIEW_FRAME_PATH}
          sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          data-testid="docs-preview-frame"
          hidden={state.kind === 'error'}
        />
      </div>
    </div>
  );
}
