/**
 * The one HTML filter for Markdown from a document: DOMPurify, that is, the
 * browser's own HTML parser, with tags and attributes by allow-list. Nothing from a document
 * carries the app's (or Scalar's) classes, ids, styles or positioning: `class`, `id`, `style`
 * and every attribute not listed are dropped, and so is every tag not listed (its text stays).
 * Link URLs must be http(s) or mailto — or, where the page allows it (the docs preview's
 * in-page navigation), a fragment or a relative path.
 */
import type { Config, DOMPurify } from 'dompurify';

/** Tags Markdown and descriptions use for text; no media, forms, frames, SVG or MathML. */
export const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
  'var',
  'wbr',
];

/** Attributes that say something about the text, none that styles, places or names it. */
export const ALLOWED_ATTRIBUTES = [
  'href',
  'title',
  'alt',
  'lang',
  'dir',
  'colspan',
  'rowspan',
  'scope',
  'start',
  'reversed',
  'open',
  'datetime',
  'cite',
  'align',
];

/** http(s) and mailto only. */
const ABSOLUTE_URL = /^(?:https?|mailto):/i;
/** http(s), mailto, or no scheme at all (a fragment, a relative path). */
const ANY_SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export interface SanitiserOptions {
  /** Links may be fragments or relative paths (the docs preview); otherwise absolute only. */
  relativeLinks: boolean;
}

/** DOMPurify's configuration for Markdown from a document (the result is a fragment). */
export function sanitiserConfig(options: SanitiserOptions): Config & { RETURN_DOM_FRAGMENT: true } {
  return {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ALLOWED_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: options.relativeLinks ? ANY_SAFE_URL : ABSOLUTE_URL,
    // Whatever is not text: its content goes with it.
    FORBID_CONTENTS: [
      'script',
      'style',
      'template',
      'noscript',
      'iframe',
      'object',
      'embed',
      'svg',
      'math',
      'title',
      'textarea',
      'select',
      'option',
      'xmp',
      'noembed',
      'noframes',
    ],
    KEEP_CONTENT: true,
    RETURN_DOM_FRAGMENT: true,
  };
}

/** A DOMPurify instance of its own for `window` (hooks of one page do not reach another's). */
export function createPurify(
  factory: DOMPurify | ((root: Window & typeof globalThis) => DOMPurify),
  root: Window & typeof globalThis,
): DOMPurify {
  return typeof factory === 'function' ? factory(root) : factory;
}
