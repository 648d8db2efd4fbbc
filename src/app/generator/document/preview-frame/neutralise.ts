/**
 * The copy of the document the docs preview renders, made harmless before Scalar sees it
 * (issue 21.2). The preview must make no request and offer no script link, whatever the
 * document says, without relying on the Content-Security-Policy:
 *
 * - every `$ref` that is not local (`#…`) is replaced by a note naming it, so Scalar never
 *   fetches it (`https://…`, `http://169.254.169.254/…`, `./other.yaml` alike);
 * - `externalValue` of examples (a URL Scalar may fetch) becomes a note as well;
 * - in Markdown text (descriptions, summaries), images become links (`![a](u)` → `[a](u)`) and
 *   raw HTML tags that load something (`<img>`, `<iframe>`, `<video>`, `<link>`, `<svg>`, …) are
 *   escaped, so they show as text; attributes that carry a URL or style (`src`, `srcset`,
 *   `style`, `class` — Scalar's utility classes would let a box cover the preview —,
 *   `background`, `poster`, …) are dropped from any other tag;
 * - URLs of links (Markdown links, `href` attributes, `externalDocs.url`, `contact.url`,
 *   `license.url`, `termsOfService`) whose scheme is not http(s) or mailto are removed, so the
 *   text stays and no `javascript:` link exists. The frame checks every rendered link once more
 *   with the browser's own URL parser (frame.ts).
 */

/** A JSON value as YAML parses it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keys whose string values Scalar renders as Markdown. */
const MARKDOWN_KEYS = new Set(['description', 'summary', 'x-summary']);
/** Keys whose string values Scalar renders as a link. */
const URL_KEYS = new Set(['url', 'termsOfService']);
/** Objects whose `url` is a link (servers' URLs are shown as text, not as links). */
const LINK_OBJECTS = new Set(['externalDocs', 'contact', 'license']);

/** HTML elements that load a resource or a frame: escaped to text wherever they appear. */
const LOADING_TAGS =
  'img|image|picture|source|video|audio|track|iframe|frame|frameset|object|embed|applet|link|meta|base|script|style|svg|math|input|form|portal|fencedframe';
const LOADING_TAG = new RegExp(`<(/?)(${LOADING_TAGS})(?=[\\s/>]|$)`, 'gi');
/** An opening HTML tag with attributes. */
const TAG = /<([a-z][a-z0-9-]*)(\s[^<>]*?)?(\/?)>/gi;
/** Attributes that load something or restyle outside the text (`class`: Tailwind utilities). */
const LOADING_ATTRIBUTE =
  /\s(?:src|srcset|style|class|background|poster|data|action|formaction|xlink:href|ping|lowsrc|dynsrc|manifest|codebase|cite|longdesc|usemap)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/gi;
/** An `href` attribute. */
const HREF_ATTRIBUTE = /\s(href)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/gi;
/** A Markdown inline link: `[text](url "title")`, with the URL in angle brackets or bare. */
const MD_LINK = /\[((?:[^[\]\\]|\\.)*)\]\(\s*(<[^>]*>|[^\s)]*)((?:\s+(?:"[^"]*"|'[^']*'))?)\s*\)/g;
/** A Markdown link reference definition: `[id]: url`. */
const MD_DEFINITION = /^( {0,3}\[[^\]]+\]:\s*)(<[^>]*>|\S+)/gm;
/** A Markdown autolink with a scheme: `<scheme:…>`. */
const MD_AUTOLINK = /<([a-z][a-z0-9+.-]{1,31}):([^\s<>]*)>/gi;

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
  amp: '&',
};

/** Decodes HTML character references, as Markdown and HTML parsers do in URLs. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1));
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** Control characters, spaces and invisible marks, which browsers skip inside a URL's scheme. */
/* eslint-disable no-control-regex */
const IGNORED_IN_SCHEME =
  /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u205f\u3000\ufeff]/g;
/* eslint-enable no-control-regex */

/**
 * True when `raw` is a URL a preview may link to: http(s), mailto, or one without a scheme (a
 * fragment or a relative path). Character references, backslash escapes, control characters and
 * whitespace are removed first, as browsers and Markdown parsers ignore them in a scheme.
 */
export function isSafeUrl(raw: string): boolean {
  let url = raw.trim();
  if (url.startsWith('<') && url.endsWith('>')) url = url.slice(1, -1);
  url = decodeEntities(decodeEntities(url.replace(/\\(.)/g, '$1'))).replace(IGNORED_IN_SCHEME, '');
  const scheme = /^([^/?#]*?):/.exec(url);
  if (!scheme) return true;
  return /^(?:https?|mailto)$/i.test(scheme[1]!);
}

/** Markdown and inline HTML of one description, with nothing that loads or runs. */
export function neutraliseMarkdown(text: string): string {
  return (
    text
      // Images become links to their source: `![alt](url)` → `[alt](url)`, `![a][ref]` too.
      .replace(/!(?=\[)/g, '')
      .replace(LOADING_TAG, (_whole, slash: string, name: string) => `&lt;${slash}${name}`)
      .replace(TAG, (whole, name: string, attributes: string | undefined, close: string) => {
        if (!attributes) return whole;
        const kept = attributes
          .replace(LOADING_ATTRIBUTE, '')
          .replace(HREF_ATTRIBUTE, (attribute, _name: string, value: string) =>
            isSafeUrl(value.replace(/^["']|["']$/g, '')) ? attribute : '',
          );
        return `<${name}${kept}${close}>`;
      })
      .replace(MD_LINK, (whole, label: string, url: string, title: string) =>
        isSafeUrl(url) ? whole : `[${label}](#${title})`,
      )
      .replace(MD_DEFINITION, (whole, head: string, url: string) =>
        isSafeUrl(url) ? whole : `${head}#`,
      )
      .replace(MD_AUTOLINK, (whole, scheme: string, rest: string) =>
        isSafeUrl(`${scheme}:`) ? whole : `${scheme}:${rest}`,
      )
  );
}

/** What an external `$ref` is replaced by: an empty schema whose description names it. */
function externalRefNote(ref: string, siblings: Record<string, Json>): Record<string, Json> {
  const note = `External reference not loaded in the preview: \`${ref.replace(/`/g, "'")}\``;
  const description = typeof siblings.description === 'string' ? siblings.description : undefined;
  return {
    ...Object.fromEntries(Object.entries(siblings).filter(([k]) => k !== '$ref')),
    description: neutraliseMarkdown(description ? `${description}\n\n${note}` : note),
  };
}

/**
 * A copy of `value` (a parsed OpenAPI document) made harmless for the preview; see the module
 * comment. Iterative (a deep document does not overflow the stack); shared nodes (YAML aliases)
 * are copied once.
 */
export function neutraliseDocument(value: Json): Json {
  const copies = new Map<object, Json>();
  const visit = (node: Json, key: string | undefined, parentKey: string | undefined): Json => {
    if (typeof node === 'string') {
      if (key !== undefined && MARKDOWN_KEYS.has(key)) return neutraliseMarkdown(node);
      if (
        key !== undefined &&
        URL_KEYS.has(key) &&
        (key !== 'url' || LINK_OBJECTS.has(parentKey ?? ''))
      ) {
        return isSafeUrl(node) ? node : '';
      }
      return node;
    }
    if (node === null || typeof node !== 'object') return node;
    const done = copies.get(node);
    if (done !== undefined) return done;
    if (Array.isArray(node)) {
      const copy: Json[] = [];
      copies.set(node, copy);
      stack.push(() => {
        for (const item of node) copy.push(visit(item, undefined, key));
      });
      return copy;
    }
    const ref = node.$ref;
    const source =
      typeof ref === 'string' && !ref.startsWith('#') ? externalRefNote(ref, node) : node;
    const copy: Record<string, Json> = {};
    copies.set(node, copy);
    stack.push(() => {
      for (const [k, v] of Object.entries(source)) {
        if (k === 'externalValue' && typeof v === 'string') {
          copy['x-external-value'] = v;
          continue;
        }
        copy[k] = visit(v, k, key);
      }
    });
    return copy;
  };
  const stack: (() => void)[] = [];
  const root = visit(value, undefined, undefined);
  while (stack.length > 0) stack.pop()!();
  return root;
}
