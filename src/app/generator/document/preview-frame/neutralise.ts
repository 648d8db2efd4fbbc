/**
 * The copy of the document the docs preview renders, made harmless before Scalar sees it.
 * The preview must make no request and offer no script link, whatever the
 * document says, without relying on the Content-Security-Policy:
 *
 * - every `$ref` that is not local (`#…`) is replaced by a note naming it, so Scalar never
 *   fetches it (`https://…`, `http://169.254.169.254/…`, `./other.yaml` alike);
 * - `externalValue` of examples (a URL Scalar may fetch) becomes a note as well;
 * - in Markdown text (descriptions, summaries), images become links (`![a](u)` → `[a](u)`), and
 *   raw HTML is sanitised by DOMPurify with the browser's HTML parser, tags and
 *   attributes by allow-list (html-sanitiser.ts): no tag that loads something, no `class`
 *   (Scalar keeps classes, and its utility classes would let a box cover the preview), no `id`,
 *   no `style`. Which parts of the text are raw HTML is decided by the parser Scalar itself uses
 *   (remark with GFM), so the two cannot disagree; see {@link sanitiseRawHtml};
 * - URLs of links (Markdown links, `href` attributes, `externalDocs.url`, `contact.url`,
 *   `license.url`, `termsOfService`) whose scheme is not http(s) or mailto are removed, so the
 *   text stays and no `javascript:` link exists. The frame checks every rendered link once more
 *   with the browser's own URL parser (frame.ts).
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { createPurify, sanitiserConfig } from '../html-sanitiser';

/** A JSON value as YAML parses it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keys whose string values Scalar renders as Markdown. */
const MARKDOWN_KEYS = new Set(['description', 'summary', 'x-summary']);
/** Keys whose string values Scalar renders as a link. */
const URL_KEYS = new Set(['url', 'termsOfService']);
/** Objects whose `url` is a link (servers' URLs are shown as text, not as links). */
const LINK_OBJECTS = new Set(['externalDocs', 'contact', 'license']);

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

const markdownParser = unified().use(remarkParse).use(remarkGfm);
/** What of remark's syntax tree is read here. */
interface MarkdownNode {
  type: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: MarkdownNode[];
}
let purify: Purifier | undefined;
/** Marks where each raw HTML part ends while they are sanitised together (private use). */
const MARK = /\uE000(\d+)\uE001/;

/** The raw HTML parts of a Markdown text, as remark (Scalar's parser) finds them, in order. */
function rawHtmlParts(text: string): { start: number; end: number }[] {
  const parts: { start: number; end: number }[] = [];
  const stack: MarkdownNode[] = [markdownParser.parse(text) as MarkdownNode];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'html') {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start !== undefined && end !== undefined) parts.push({ start, end });
      continue;
    }
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return parts.sort((a, b) => a.start - b.start);
}

/** A raw HTML part shown as text instead (`<` escaped): the fallback when parts cannot be told apart. */
function asText(html: string): string {
  return html.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/**
 * The Markdown text with every raw HTML part replaced by its sanitised version. The parts are
 * sanitised together, each followed by a marker, so that the HTML parser sees them as the
 * rendering will (an element opened in one part and closed in another stays one element, a
 * quoted `>` stays inside its attribute, entities are decoded); the sanitised HTML is then cut
 * at the markers. If a marker is lost or moved (a part that swallows what follows, such as
 * `<title>` or `<plaintext>`, or a table that moves text), every part is shown as text.
 */
export function sanitiseRawHtml(text: string): string {
  if (!text.includes('<')) return text;
  const parts = rawHtmlParts(text);
  if (parts.length === 0) return text;
  let pieces: string[] | undefined;
  if (!/[\uE000\uE001]/.test(text)) {
    purify ??= createPurify(DOMPurify, window);
    const joined = parts.map((part, i) => `${text.slice(part.start, part.end)}\uE000${i}\uE001`);
    const box = document.createElement('div');
    box.append(purify.sanitize(joined.join(''), sanitiserConfig({ relativeLinks: true })));
    const cut = box.innerHTML.split(MARK);
    // [piece 0, "0", piece 1, "1", …, tail]: the markers must all be there, in order.
    if (
      cut.length === parts.length * 2 + 1 &&
      parts.every((_, i) => cut[i * 2 + 1] === String(i))
    ) {
      pieces = parts.map((_, i) => cut[i * 2]!);
    }
  }
  let out = text;
  for (let i = parts.length - 1; i >= 0; i--) {
    const { start, end } = parts[i]!;
    out =
      out.slice(0, start) + (pieces ? pieces[i]! : asText(text.slice(start, end))) + out.slice(end);
  }
  return out;
}

/** Markdown and inline HTML of one description, with nothing that loads, runs or restyles. */
export function neutraliseMarkdown(text: string): string {
  return (
    sanitiseRawHtml(text)
      // Images become links to their source: `![alt](url)` → `[alt](url)`, `![a][ref]` too.
      .replace(/!(?=\[)/g, '')
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
