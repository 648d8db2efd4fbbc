/**
 * A Markdown description with a preview. The preview renders with `marked` and is
 * sanitised with DOMPurify (html-sanitiser.ts: tags and attributes by allow-list) before it
 * reaches the page, so a description cannot inject markup, scripts, the app's classes or
 * positioning; both load only when the preview is first opened. The preview is a
 * box of its own (document.css: contained, clipped), and every link shows where it goes: its
 * title is the full URL and its host follows its text, and it opens in a new tab without an
 * opener or a referrer.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { createPurify, sanitiserConfig } from './html-sanitiser';

type Render = (markdown: string) => string;
let renderer: Promise<Render> | undefined;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Where a link goes, as shown after its text: the host of a web address, a mail address. */
function destinationOf(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol === 'mailto:') return decodeURIComponent(url.pathname);
  return url.host === '' ? undefined : url.host;
}

/**
 * Every link of sanitised HTML opens in a new tab, without opener or referrer, and says where it
 * goes: the full URL as its title, and its destination after its text unless the text says it.
 */
function showDestinations(root: DocumentFragment): void {
  for (const link of root.querySelectorAll('a')) {
    const href = link.getAttribute('href');
    if (href === null) {
      // Not a link (its URL was refused): its text stays, as text.
      link.replaceWith(...link.childNodes);
      continue;
    }
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer nofollow');
    const title = link.getAttribute('title');
    link.setAttribute('title', title !== null && title !== '' ? `${title} — ${href}` : href);
    const destination = destinationOf(href);
    if (destination === undefined) continue;
    const text = link.textContent ?? '';
    if (text.toLowerCase().includes(destination.toLowerCase())) continue;
    const note = link.ownerDocument.createElement('span');
    note.className = 'doc-markdown-link-to';
    note.textContent = ` (${destination})`;
    link.after(note);
  }
}

/** Markdown → sanitised HTML (links open safely and show where they go). */
export function loadMarkdownRenderer(): Promise<Render> {
  renderer ??= Promise.all([import('marked'), import('dompurify')]).then(
    ([{ marked }, { default: factory }]) => {
      const purify = createPurify(factory, window);
      if (!purify.isSupported) {
        // No sanitiser here (an unusual DOM): show the text as text rather than trust markup.
        return (markdown: string) => `<pre>${escapeHtml(markdown)}</pre>`;
      }
      const config = sanitiserConfig({ relativeLinks: false });
      return (markdown: string) => {
        const fragment = purify.sanitize(
          marked.parse(markdown, { async: false, gfm: true }),
          config,
        );
        showDestinations(fragment);
        const box = document.createElement('div');
        box.append(fragment);
        return box.innerHTML;
      };
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
