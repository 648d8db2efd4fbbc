/**
 * The copy of a document the docs preview renders (issue 21.2): no external `$ref`, no image or
 * loading tag, no link with a scheme other than http(s)/mailto; everything else as written.
 */
import { describe, expect, it } from 'vitest';
import {
  isSafeUrl,
  neutraliseDocument,
  neutraliseMarkdown,
  type Json,
} from '../../../src/app/generator/document/preview-frame/neutralise';

describe('isSafeUrl', () => {
  it('allows http(s), mailto, fragments and relative paths', () => {
    for (const url of [
      'https://example.com/x',
      'HTTP://example.com',
      'mailto:a@b.c',
      '#tag/pets',
      '/docs',
      'guide.html',
      '',
    ]) {
      expect(isSafeUrl(url), url).toBe(true);
    }
  });

  it('refuses other schemes however they are spelled', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'javascript&colon;alert(1)',
      'java\\script:alert(1)',
      '<javascript:alert(1)>',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
    ]) {
      expect(isSafeUrl(url), url).toBe(false);
    }
  });
});

describe('neutraliseMarkdown', () => {
  it('turns script links into text and keeps safe links', () => {
    const out = neutraliseMarkdown(
      '[a](javascript:alert(1)) [b](https://example.com "t") <a href="javascript:x">c</a> <a href="https://ok.example">d</a> <javascript:alert(2)>',
    );
    expect(out).not.toMatch(/javascript:alert\(1\)\)|href="javascript/);
    expect(out).toContain('[b](https://example.com "t")');
    expect(out).toContain('<a href="https://ok.example">d</a>');
    expect(out).not.toContain('<javascript:');
    expect(out).toContain('[a](#)');
  });

  it('drops reference definitions with unsafe URLs', () => {
    expect(neutraliseMarkdown('[x][r]\n\n[r]: javascript:alert(1)\n')).toContain('[r]: #');
  });

  // Raw HTML is sanitised by DOMPurify with a browser's parser: markdown-sanitise.test.ts runs
  // those cases in Chromium (happy-dom's parser is not a browser's).
});

describe('neutraliseDocument', () => {
  const doc: Json = {
    openapi: '3.1.0',
    info: {
      title: 'T',
      version: '1',
      description: 'See [x](javascript:alert(1))',
      contact: { name: 'c', url: 'javascript:alert(2)' },
      license: { name: 'l', url: 'https://ok.example/license' },
      termsOfService: 'javascript:alert(3)',
    },
    servers: [{ url: 'https://api.example.com' }],
    externalDocs: { url: 'javascript:alert(4)' },
    paths: {
      '/a': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { $ref: 'http://169.254.169.254/latest/meta-data/' },
                  examples: { e: { externalValue: 'https://example.com/e.json' } },
                },
              },
            },
            '404': { $ref: '#/components/responses/NotFound' },
          },
        },
      },
      '/b': { $ref: './paths.yaml#/b' },
    },
    components: { responses: { NotFound: { description: 'nf' } } },
  };

  it('replaces external $refs by a note and keeps local ones', () => {
    const out = neutraliseDocument(doc) as Record<string, Json>;
    const text = JSON.stringify(out);
    expect(text).not.toContain('"$ref":"http');
    expect(text).not.toContain('"$ref":"./');
    expect(text).toContain('"$ref":"#/components/responses/NotFound"');
    expect(text).toContain('External reference not loaded in the preview');
    expect(text).not.toContain('"externalValue"');
  });

  it('removes unsafe link URLs and keeps safe ones and server URLs', () => {
    const out = neutraliseDocument(doc) as Record<string, Record<string, Json>>;
    const info = out.info as Record<string, Record<string, Json>>;
    expect(info.contact!.url).toBe('');
    expect(info.license!.url).toBe('https://ok.example/license');
    expect(info.termsOfService).toBe('');
    expect(out.externalDocs!.url).toBe('');
    expect((out.servers as unknown as { url: string }[])[0]!.url).toBe('https://api.example.com');
    expect(JSON.stringify(out)).not.toMatch(/javascript:/i);
  });

  it('leaves the input unchanged and copies shared nodes once', () => {
    const before = JSON.stringify(doc);
    const shared: Json = { type: 'string', description: '![i](http://x/i.png)' };
    const out = neutraliseDocument({ a: shared, b: shared }) as Record<string, Json>;
    expect(out.a).toBe(out.b);
    expect((out.a as Record<string, Json>).description).toBe('[i](http://x/i.png)');
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('handles a deep document without overflowing the stack', () => {
    let deep: Json = { $ref: 'https://example.com/x' };
    for (let i = 0; i < 20_000; i++) deep = { items: deep };
    let node = neutraliseDocument(deep) as Record<string, Json>;
    while (node.items !== undefined) node = node.items as Record<string, Json>;
    expect(node.$ref).toBeUndefined();
    expect(node.description).toContain('External reference not loaded');
  });
});
