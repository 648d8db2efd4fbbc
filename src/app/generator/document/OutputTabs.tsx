/**
 * YAML and Preview tabs over the output side. The preview renders the output editor's
 * current text as API reference documentation; the library loads (a dynamic import of a local
 * chunk, no CDN) only when the tab is first opened. The editor stays mounted underneath.
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { PreviewOperation } from '../../../shared/openapi/document/preview-part';
import type { OutputEditorHandle } from '../../model/output-handle';

const DocsPreview = lazy(() => import('./DocsPreview'));

export function OutputTabs({
  editor,
  openOperation,
  children,
}: {
  editor: RefObject<OutputEditorHandle | null>;
  /** The endpoint open in the form: a large document's preview starts with its part. */
  openOperation?: () => PreviewOperation | undefined;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const [tab, setTab] = useState<'yaml' | 'preview'>('yaml');
  /** The text the preview shows; undefined while it is read out of the editor. */
  const [text, setText] = useState<string | undefined>('');
  const reading = useRef(0);
  const select = (next: 'yaml' | 'preview') => {
    if (next === 'preview' && tab !== 'preview') {
      // A 4 MB text is read in slices, not in the click's task (about 100 ms at once).
      const read = ++reading.current;
      setText(undefined);
      void (editor.current?.readValue() ?? Promise.resolve('')).then((value) => {
        if (reading.current === read) setText(value);
      });
    }
    setTab(next);
  };
  return (
    <div className="doc-output" data-testid="output-pane">
      <div className="gen-body-tabs doc-output-tabs" role="tablist" aria-label={t`Output`}>
        {(
          [
            ['yaml', t`YAML`],
            ['preview', t`Preview`],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`doc-output-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`doc-output-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={tab === id ? 'gen-tab gen-tab-active' : 'gen-tab'}
            onClick={() => select(id)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = id === 'yaml' ? 'preview' : 'yaml';
              select(next);
              document.getElementById(`doc-output-tab-${next}`)?.focus();
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        id="doc-output-yaml"
        role="tabpanel"
        aria-labelledby="doc-output-tab-yaml"
        className="doc-output-panel"
        hidden={tab !== 'yaml'}
      >
        {children}
      </div>
      {tab === 'preview' ? (
        <div
          id="doc-output-preview"
          role="tabpanel"
          aria-labelledby="doc-output-tab-preview"
          className="doc-preview"
          data-testid="docs-preview"
        >
          {text === undefined ? (
            <p className="gen-muted doc-preview-empty" role="status">
              {t`Loading the preview…`}
            </p>
          ) : text.trim() === '' ? (
            <p className="gen-muted doc-preview-empty">
              {t`Nothing to preview yet: generate the document or paste one on the YAML tab.`}
            </p>
          ) : (
            <Suspense
              fallback={<p className="gen-muted doc-preview-empty">{t`Loading the preview…`}</p>}
            >
              <DocsPreview text={text} openOperation={openOperation} />
            </Suspense>
          )}
        </div>
      ) : null}
    </div>
  );
}
