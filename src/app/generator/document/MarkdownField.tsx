/**
 * A Markdown description with a preview (issue 11). The preview renders with `marked` and is
 * sanitised with DOMPurify before it reaches the page, so a description cannot inject markup or
 * scripts; both load only when the preview is first opened.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';

type Render = (markdown: string) => string;
let renderer: Promise<Render> | undefined;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Markdown → sanitised HTML (links open safely; no raw HTML survives the sanitiser's rules). */
export function loadMarkdownRenderer(): Promise<Render> {
  renderer ??= Promise.all([import('marked'), import('dompurify')]).then(
    ([{ marked }, { default: createPurify }]) => {
      const purify = typeof createPurify === 'function' ? createPurify(window) : createPurify;
      purify.addHook('afterSanitizeAttributes', (node) => {
        if (node.tagName === 'A') {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer nofollow');
        }
      });
      if (!purify.isSupported) {
        // No sanitiser here (an unusual DOM): show the text as text rather than trust markup.
        return (markdown: string) => `<pre>${escapeHtml(markdown)}</pre>`;
      }
      return (markdown: string) =>
        purify.sanitize(marked.parse(markdown, { async: false, gfm: true }), {
          FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'img'],
          FORBID_ATTR: ['style'],
        });
    },
  );
  return renderer;
}

export interface MarkdownFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  rows?: number;
}

export function MarkdownField({
  label,
  value,
  onChange,
  placeholder,
  rows = 4,
}: MarkdownFieldProps) {
  const { t } = useLingui();
  const [preview, setPreview] = useState(false);
  const [html, setHtml] = useState<{ source: string; html: string } | undefined>(undefined);
  const id = useId();

  useEffect(() => {
    if (!preview) return;
    let live = true;
    void loadMarkdownRenderer().then((render) => {
      if (live) setHtml({ source: value, html: render(value) });
    });
    return () => {
      live = false;
    };
  }, [preview, value]);

  return (
    <div className="gen-field doc-markdown">
      <div className="doc-markdown-head">
        <label htmlFor={`${id}-text`}>{label}</label>
        <span className="gen-muted doc-hint">{t`Markdown`}</span>
        <button
          type="button"
          className="gen-button gen-button-small"
          aria-pressed={preview}
          aria-controls={`${id}-text`}
          onClick={() => setPreview((on) => !on)}
        >
          {preview ? t`Edit` : t`Preview`}
        </button>
      </div>
      {preview ? (
        <div
          className="doc-markdown-preview"
          role="region"
          aria-label={t`${label}: preview`}
          tabIndex={0}
          // Sanitised by DOMPurify in loadMarkdownRenderer.
          dangerouslySetInnerHTML={{
            __html: html !== undefined && html.source === value ? html.html : '',
          }}
        />
      ) : (
        <textarea
          id={`${id}-text`}
          aria-label={label}
          className="doc-markdown-text"
          value={value}
          rows={rows}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}
