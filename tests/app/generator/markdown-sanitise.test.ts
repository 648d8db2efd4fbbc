// @vitest-environment node
/**
 * Markdown from a document, sanitised in a real Chromium (issue 31.1–2): the form's Markdown
 * preview (MarkdownField) and the docs preview's copy of the document (neutralise.ts). happy-dom
 * parses HTML differently from a browser exactly where it matters here, so both run in Chromium;
 * what the docs preview hands Scalar is then rendered with Scalar's own Markdown pipeline.
 */
import { htmlFromMarkdown } from '@scalar/code-highlight/markdown';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInChromium, type ChromiumPage } from '../browser/in-chromium';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

let chromium: ChromiumPage;

beforeAll(async () => {
  chromium = await openInChromium(here('../browser/sanitise-entry.ts'), 'Sanitise', [
    here('../../../src/app/generator/generator.css'),
    here('../../../src/app/generator/document/document.css'),
  ]);
}, 120_000);

afterAll(async () => {
  await chromium?.close();
});

interface Rendered {
  html: string;
  /** Attributes found on rendered elements, as `tag@name`. */
  attributes: string[];
  /** Elements whose box leaves the preview's box. */
  outside: string[];
  links: { href: string; target: string; rel: string; title: string; shown: string }[];
}

/** The form's preview of `markdown`, rendered in a `.doc-markdown-preview` box of the page. */
function formPreview(markdown: string): Promise<Rendered> {
  return chromium.page.evaluate(async (text) => {
    const api = (window as unknown as Record<string, Record<string, () => Promise<unknown>>>)
      .Sanitise!;
    const render = (await api.loadMarkdownRenderer!()) as (markdown: string) => string;
    document.body.innerHTML =
      '<header style="height:60px">App</header><div class="doc-markdown-preview" id="box"></div>';
    const box = document.getElementById('box')!;
    const html = render(text);
    box.innerHTML = html;
    const limit = box.getBoundingClientRect();
    const outside: string[] = [];
    const attributes: string[] = [];
    for (const element of box.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        attributes.push(`${element.tagName.toLowerCase()}@${attribute.name}`);
      }
      const rect = element.getBoundingClientRect();
      const visible = rect.width > 0 && rect.height > 0;
      if (
        visible &&
        getComputedStyle(element).position !== 'static' &&
        element.className !== 'doc-markdown-link-to'
      ) {
        outside.push(`${element.tagName} positioned`);
      }
      if (
        visible &&
        (rect.top < limit.top - 1 ||
          rect.left < limit.left - 1 ||
          rect.right > limit.right + 1 ||
          rect.bottom > limit.bottom + 1) &&
        getComputedStyle(box).overflow === 'visible'
      ) {
        outside.push(element.tagName);
      }
    }
    const links = [...box.querySelectorAll('a')].map((a) => ({
      href: a.getAttribute('href') ?? '',
      target: a.getAttribute('target') ?? '',
      rel: a.getAttribute('rel') ?? '',
      title: a.getAttribute('title') ?? '',
      shown: (a.parentElement?.textContent ?? '').trim(),
    }));
    return { html, attributes, outside, links };
  }, markdown);
}

/** neutraliseMarkdown in Chromium. */
function neutralise(markdown: string): Promise<string> {
  return chromium.page.evaluate((text) => {
    const api = (window as unknown as Record<string, Record<string, (t: string) => string>>)
      .Sanitise!;
    return api.neutraliseMarkdown!(text);
  }, markdown);
}

describe("the form's Markdown preview (issue 31.1)", () => {
  it("keeps none of the app's classes, styles or positioning, and stays in its box", async () => {
    const out = await formPreview(
      [
        'Pets.',
        '',
        '<div class="gen-modal-backdrop" id="gen-blocked-reason"><div class="gen-modal" style="position:fixed;inset:0;z-index:1000">Your session expired. <a href=https://phish.example/login class="gen-button">Sign in again</a></div></div>',
        '',
        '<span title=">" class="gen-modal-backdrop">quoted</span> <b>unclosed',
      ].join('\n'),
    );
    expect(out.html).not.toMatch(/\b(?:class|style|id)="(?!doc-markdown-link-to")/);
    expect(out.attributes.filter((a) => /@(?:class|style|id)$/.test(a))).toEqual([
      'span@class', // the note of where the link goes (ours, not the document's)
    ]);
    expect(out.outside).toEqual([]);
    expect(out.html).toContain('Your session expired.');
    expect(out.html).toContain('quoted');
  });

  it('shows where every link goes and opens it in a new tab without opener or referrer', async () => {
    const out = await formPreview(
      '[Sign in](https://phish.example/login?next=1 "Account") and <a href="https://docs.example.com/guide">https://docs.example.com/guide</a> and [mail](mailto:help@example.com) and [rel](/admin) and <a href="jav&#x61;script:alert(1)">js</a>',
    );
    const byHref = new Map(out.links.map((link) => [link.href, link]));
    const phish = byHref.get('https://phish.example/login?next=1')!;
    expect(phish.target).toBe('_blank');
    expect(phish.rel.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    expect(phish.title).toBe('Account — https://phish.example/login?next=1');
    expect(out.html).toContain('Sign in</a><span class="doc-markdown-link-to"> (phish.example)');
    // A link whose text is its address gets no note.
    expect(out.html).not.toContain('(docs.example.com)');
    expect(byHref.get('https://docs.example.com/guide')!.title).toBe(
      'https://docs.example.com/guide',
    );
    expect(out.html).toContain('(help@example.com)');
    // Relative and script links are not links (no base to resolve them against; no script).
    expect([...byHref.keys()].sort()).toEqual([
      'https://docs.example.com/guide',
      'https://phish.example/login?next=1',
      'mailto:help@example.com',
    ]);
    expect(out.html).not.toMatch(/javascript/i);
  });
});

/** The tags of rendered HTML (attribute values blanked; escaped text is not a tag). */
function tagsOf(html: string): string[] {
  return html.replace(/"[^"]*"/g, '""').match(/<[a-z][^>]*>/gi) ?? [];
}

describe("the docs preview's HTML filter (issue 31.2)", () => {
  /** What Scalar renders of the neutralised text (its own remark/rehype pipeline). */
  async function scalarHtml(markdown: string): Promise<string> {
    return htmlFromMarkdown(await neutralise(markdown));
  }

  it('is not fooled by a quoted ">"', async () => {
    const html = await scalarHtml(
      'Hi <div title=">" class="fixed inset-0 z-50 bg-b-1"><a href="https://phish.example">Continue</a></div>',
    );
    expect(html).not.toMatch(/class=|fixed|inset-0/);
    expect(html).toContain('<div title=">">');
    expect(html).toContain('href="https://phish.example"');
    const single = await scalarHtml("<p title='a>b' class=\"fixed\" style='top:0'>x</p>");
    expect(single).not.toMatch(/class=|style=|fixed/);
  });

  it('decodes entities as the browser does', async () => {
    const html = await scalarHtml(
      [
        '<a href="jav&#x61;script:alert(1)">a</a> <a href="&#106;avascript:alert(2)">b</a>',
        '<span title="&quot;&gt;<img src=x onerror=alert(3)>">c</span> <span cl&#x61;ss="fixed">d</span>',
        '&lt;div class="fixed"&gt; stays text',
      ].join('\n'),
    );
    expect(html).not.toMatch(/javascript/i);
    expect(tagsOf(html).join(' ')).not.toMatch(/<img|onerror|class=/i);
    expect(tagsOf(html).filter((tag) => tag.startsWith('<span'))).toEqual(['<span title="">']);
    expect(html).toContain('&#x3C;div class="fixed"> stays text');
  });

  it('sanitises unclosed tags and tags closed in another part of the text', async () => {
    const html = await scalarHtml(
      '<div class="fixed inset-0" style="z-index:9">\n\n**Covered** text\n\n</div>\n\nAfter <b class="x">bold, never closed',
    );
    expect(html).not.toMatch(/class=|style=|fixed/);
    expect(html).toMatch(/<div>\s*<p><strong>Covered<\/strong> text<\/p>\s*<\/div>/);
    expect(html).toContain('<b>bold, never closed</b>');
  });

  it('drops tags that load something and shows swallowing tags as text', async () => {
    const html = await scalarHtml(
      '<img src="http://169.254.169.254/x"> <iframe src="https://x.example"></iframe> <svg><image href="http://x/y"/></svg> <video poster=http://x/p></video>',
    );
    expect(tagsOf(html).join(' ')).not.toMatch(/<(?:img|iframe|svg|image|video)\b/i);
    expect(await neutralise('![p](http://169.254.169.254/x.png)')).toBe(
      '[p](http://169.254.169.254/x.png)',
    );
    expect(
      await neutralise(
        '<div class="fixed inset-0" style="background:url(http://x/y)" background="http://x">hi</div>',
      ),
    ).toBe('<div>hi</div>');
    const title = await neutralise('A <title>x</title> and <span class="fixed">y</span>');
    expect(title).not.toMatch(/<title|<span class/);
    expect(tagsOf(htmlFromMarkdown(title))).toEqual(['<p>']);
  });

  it('leaves text without HTML as it was, and keeps fragment links for in-page navigation', async () => {
    expect(await neutralise('Plain *text* with `a < b` and `<div class="x">` in code')).toBe(
      'Plain *text* with `a < b` and `<div class="x">` in code',
    );
    expect(await neutralise('<a href="#tag/pets" class="x">Pets</a>')).toBe(
      '<a href="#tag/pets">Pets</a>',
    );
  });
});
