/**
 * The docs preview's input (issue 28.5, 28.6): a small document whole, a large one in parts (a
 * tag's operations, a path prefix's without tags, pages of a large tag) with `components`
 * pruned to what the part reaches, aliases bounded, and GitHub's size handled in well under 2 s.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import {
  DocumentPreviewer,
  LARGE_OPERATIONS,
  MAX_PART_OPERATIONS,
  MAX_PREVIEW_EXPANDED_BYTES,
  previewFromText,
  type PreviewAnswer,
} from '../../../src/shared/openapi/document/preview-part';
import { CoreError } from '../../../src/shared/openapi/errors';

type Json = Record<string, unknown>;

/** A document of `tags.length × perTag` operations, each reaching its own schema chain. */
function largeDocument(tags: string[], perTag: number, extra: Json = {}): Json {
  const paths: Json = {};
  const schemas: Json = {};
  tags.forEach((tag, t) => {
    for (let i = 0; i < perTag; i++) {
      schemas[`${tag}Item${i}`] = {
        type: 'object',
        properties: { id: { type: 'integer' }, owner: { $ref: '#/components/schemas/Owner' } },
      };
      paths[`/${tag}/items${i}/{id}`] = {
        parameters: [{ $ref: '#/components/parameters/Id' }],
        get: {
          tags: [tag],
          operationId: `get-${t}-${i}`,
          summary: `Get ${tag} item ${i}`,
          responses: {
            '200': {
              description: 'OK',
              content: {
                'application/json': { schema: { $ref: `#/components/schemas/${tag}Item${i}` } },
              },
            },
          },
        },
      };
    }
  });
  schemas['Owner'] = { type: 'object', properties: { name: { type: 'string' } } };
  schemas['Unused'] = { type: 'string' };
  return {
    openapi: '3.0.3',
    info: { title: 'Large', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    security: [{ key: [] }],
    tags: tags.map((name) => ({ name, description: `The ${name}` })),
    paths,
    components: {
      schemas,
      parameters: {
        Id: { name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } },
      },
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
      ...extra,
    },
  };
}

function withSchemas(doc: Json, more: Json): Json {
  const components = doc.components as Json;
  return {
    ...doc,
    components: { ...components, schemas: { ...(components.schemas as Json), ...more } },
  };
}

const TAGS = ['pets', 'stores', 'users', 'orders', 'billing'];
const LARGE = withSchemas(largeDocument(TAGS, 40), { Id: { type: 'integer' } });

function errorOf(fn: () => unknown): CoreError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error('no error');
}

/** Every local `$ref` of `doc` resolves in it. */
function expectRefsResolve(doc: Json): void {
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) {
        let target: unknown = doc;
        for (const segment of value.slice(2).split('/')) {
          const name = segment.replace(/~1/g, '/').replace(/~0/g, '~');
          target = (target as Json | undefined)?.[name];
        }
        expect(target, value).toBeDefined();
      }
      stack.push(value);
    }
  }
}

async function expectValid(doc: Json): Promise<void> {
  const result = await new Validator().validate(structuredClone(doc));
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  expectRefsResolve(doc);
}

const partOf = (answer: PreviewAnswer) => JSON.parse(answer.json) as Json;
const pathsOf = (doc: Json) => Object.keys(doc.paths as Json);
const schemasOf = (doc: Json) => Object.keys((doc.components as Json).schemas as Json);

describe('previewFromText', () => {
  it('returns a small document whole, as JSON', () => {
    const small = largeDocument(['pets'], 3);
    const answer = previewFromText(stringify(small));
    expect(answer.parts).toEqual([]);
    expect(answer.part).toBeUndefined();
    expect(answer.operations).toBe(3);
    expect(partOf(answer)).toEqual(small);
  });

  it('shows a large document in parts, one per tag, with their operation counts', async () => {
    const answer = previewFromText(JSON.stringify(LARGE));
    expect(answer.operations).toBe(200);
    expect(answer.operations).toBeGreaterThan(LARGE_OPERATIONS);
    expect(answer.reason).toBe('operations');
    expect(answer.parts.map((part) => [part.id, part.name, part.operations])).toEqual(
      TAGS.map((tag) => [`tag:${tag}#1`, tag, 40]),
    );
    expect(answer.part?.id).toBe('tag:pets#1');
    const doc = partOf(answer);
    expect(pathsOf(doc)).toHaveLength(40);
    expect(pathsOf(doc).every((path) => path.startsWith('/pets/'))).toBe(true);
    expect(doc.tags).toEqual([{ name: 'pets', description: 'The pets' }]);
    await expectValid(doc);
  });

  it('starts with the part of the operation open in the form, or the part asked for', () => {
    const text = JSON.stringify(LARGE);
    const open = previewFromText(text, {
      operation: { path: '/users/items7/{id}', method: 'GET' },
    });
    expect(open.part?.id).toBe('tag:users#1');
    expect(pathsOf(partOf(open))).toContain('/users/items7/{id}');
    const asked = previewFromText(text, {
      part: 'tag:orders#1',
      operation: { path: '/users/items7/{id}', method: 'get' },
    });
    expect(asked.part?.id).toBe('tag:orders#1');
    // An unknown part (the document changed): the open operation's, else the first.
    expect(previewFromText(text, { part: 'tag:gone#1' }).part?.id).toBe('tag:pets#1');
  });

  it('keeps every component the part reaches, transitively, and drops the others', async () => {
    const doc = withSchemas(largeDocument(TAGS, 40), {
      Id: { $ref: '#/components/schemas/IdValue' },
      IdValue: { type: 'integer', description: 'reached through a parameter and a schema' },
      Pet: {
        type: 'object',
        discriminator: {
          propertyName: 'kind',
          mapping: { cat: 'Cat', dog: '#/components/schemas/Dog' },
        },
        properties: {
          kind: { type: 'string' },
          tagged: { $ref: '#/components/schemas/Deep/properties/x' },
        },
      },
      Cat: { type: 'object', properties: { lives: { $ref: '#/components/schemas/Lives' } } },
      Dog: { type: 'object' },
      Lives: { type: 'integer' },
      Deep: { type: 'object', properties: { x: { $ref: '#/components/schemas/Cycle' } } },
      Cycle: { type: 'object', properties: { self: { $ref: '#/components/schemas/Cycle' } } },
      Remote: { $ref: 'https://example.com/schemas.yaml#/Remote' },
    });
    const components = doc.components as Json;
    components.responses = {
      Listed: {
        description: 'Listed',
        headers: { 'X-Rate': { $ref: '#/components/headers/Rate' } },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
      },
      Unreached: { description: 'no one uses it' },
    };
    components.headers = { Rate: { schema: { $ref: '#/components/schemas/Lives' } } };
    const paths = doc.paths as Json;
    const first = paths['/pets/items0/{id}'] as Json;
    paths['/pets/items0/{id}'] = {
      ...first,
      post: {
        tags: ['pets'],
        responses: {
          '200': { $ref: '#/components/responses/Listed' },
          '201': { description: 'elsewhere', content: { 'application/json': { schema: {} } } },
        },
      },
      put: { tags: ['stores'], responses: { '200': { description: 'OK' } } },
    };
    const answer = previewFromText(stringify(doc), { part: 'tag:pets#1' });
    const part = partOf(answer);
    const schemas = schemasOf(part);
    for (const name of ['Owner', 'Id', 'IdValue', 'Pet', 'Cat', 'Dog', 'Lives', 'Deep', 'Cycle']) {
      expect(schemas).toContain(name);
    }
    expect(schemas).not.toContain('Unused');
    expect(schemas).not.toContain('Remote');
    expect(schemas).not.toContain('storesItem0');
    const kept = part.components as Json;
    expect(Object.keys(kept.responses as Json)).toEqual(['Listed']);
    expect(Object.keys(kept.headers as Json)).toEqual(['Rate']);
    expect(kept.securitySchemes).toEqual(components.securitySchemes);
    expect(part.info).toEqual(doc.info);
    expect(part.servers).toEqual(doc.servers);
    expect(part.security).toEqual(doc.security);
    // Only the part's operations of a shared path item; a reference to another file as written.
    const item = (part.paths as Json)['/pets/items0/{id}'] as Json;
    expect(Object.keys(item).sort()).toEqual(['get', 'parameters', 'post']);
    await expectValid(part);
    // A reference to another file stays as written (the frame shows a note instead).
    const content = ((first.get as Json).responses as Json)['200'] as Json;
    (content.content as Json)['application/json'] = {
      schema: { $ref: './other.yaml#/components/schemas/Other' },
    };
    const external = partOf(previewFromText(stringify(doc), { part: 'tag:pets#1' }));
    expect(JSON.stringify(external.paths)).toContain('./other.yaml#/components/schemas/Other');
  });

  it('groups by path prefix without tags, and splits a large group into pages', () => {
    const doc = largeDocument(['a'], 2);
    const paths: Json = {};
    for (let i = 0; i < 300; i++) {
      const group = i < 240 ? 'repos' : 'users';
      paths[`/v1/${group}/${i}`] = { get: { responses: { '200': { description: 'OK' } } } };
    }
    const answer = previewFromText(JSON.stringify({ ...doc, tags: undefined, paths }));
    const pages = (count: number) => Math.ceil(count / MAX_PART_OPERATIONS);
    const expected = (name: string, count: number) =>
      Array.from({ length: pages(count) }, (_, i) => ['path', name, i + 1, pages(count)]);
    expect(answer.parts.map((part) => [part.kind, part.name, part.page, part.pages])).toEqual([
      ...expected('/v1/repos', 240),
      ...expected('/v1/users', 60),
    ]);
    expect(answer.parts.reduce((sum, part) => sum + part.operations, 0)).toBe(300);
    expect(answer.parts.every((part) => part.operations <= MAX_PART_OPERATIONS)).toBe(true);
    const second = previewFromText(JSON.stringify({ ...doc, paths }), {
      part: answer.parts[1]?.id ?? '',
    });
    expect(pathsOf(partOf(second))[0]).toBe(`/v1/repos/${Math.ceil(240 / pages(240))}`);
  });

  it('refuses aliases that expand past the preview limit with EXPANSION_TOO_LARGE, quickly', () => {
    // 200 KB behind one anchor, named by 60 aliases: 12 MB expanded (under the core's 128 MiB).
    const anchored = 'x'.repeat(200_000);
    const aliases = Array.from({ length: 60 }, (_, i) => `  k${i}: *big`).join('\n');
    const text = `openapi: 3.0.1\ninfo: {title: T, version: v1, description: &big "${anchored}"}\nx-copies:\n${aliases}\npaths: {}\n`;
    const start = performance.now();
    const error = errorOf(() => previewFromText(text));
    expect(performance.now() - start).toBeLessThan(2_000);
    expect(error.code).toBe('EXPANSION_TOO_LARGE');
    expect(error.limit).toBe(MAX_PREVIEW_EXPANDED_BYTES);
    expect(error.size).toBeGreaterThan(MAX_PREVIEW_EXPANDED_BYTES);
    // Past the core's own limit the reader refuses first, as fast.
    const bomb = text.replace('x'.repeat(200_000), 'x'.repeat(3_000_000));
    const t0 = performance.now();
    expect(errorOf(() => previewFromText(bomb)).code).toBe('EXPANSION_TOO_LARGE');
    expect(performance.now() - t0).toBeLessThan(2_000);
    // A large document without aliases is as large as its text: rendered, not refused.
    const big = JSON.stringify({
      openapi: '3.0.1',
      info: { title: 'T', version: 'v1', description: 'y'.repeat(MAX_PREVIEW_EXPANDED_BYTES) },
      paths: {},
    });
    expect(previewFromText(big).json.length).toBeGreaterThan(MAX_PREVIEW_EXPANDED_BYTES);
  });

  it('makes a part of a GitHub-size document (1,200 operations, 13 MB) in well under 2 s', () => {
    const tags = Array.from({ length: 45 }, (_, i) => `tag${i}`);
    const doc = largeDocument(tags, 27) as { components: { schemas: Json } };
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      // Examples and descriptions as heavy as GitHub's.
      (schema as Json).description = `${name} `.repeat(1000);
    }
    const text = JSON.stringify(doc, null, 2);
    expect(text.length).toBeGreaterThan(12_000_000);
    const previewer = new DocumentPreviewer();
    let start = performance.now();
    const first = previewer.preview({ text }, undefined);
    expect(performance.now() - start).toBeLessThan(2_000);
    expect(first.operations).toBe(1215);
    expect(first.parts).toHaveLength(45);
    expect(first.json.length).toBeLessThan(text.length / 20);
    // Another part of the same text: not read again.
    start = performance.now();
    const next = previewer.preview({ text, part: 'tag:tag44#1' }, undefined);
    expect(performance.now() - start).toBeLessThan(300);
    expect(pathsOf(partOf(next))).toHaveLength(27);
  });
});

describe('the core API previewPart', () => {
  it('previews the open document without its text, and a given text', () => {
    const api = createCoreApi();
    const text = stringify(LARGE);
    expect(api.openDocument(text).ok).toBe(true);
    const open = api.previewPart({ operation: { path: '/stores/items1/{id}', method: 'GET' } });
    expect(open.ok && open.value.part?.id).toBe('tag:stores#1');
    const same = api.previewPart({ text, part: 'tag:billing#1' });
    expect(same.ok && same.value.part?.id).toBe('tag:billing#1');
    const other = api.previewPart({ text: stringify(largeDocument(['pets'], 2)) });
    expect(other.ok && other.value.parts).toEqual([]);
    const broken = api.previewPart({ text: 'openapi: [' });
    expect(broken.ok ? undefined : broken.error.code).toBe('YAML_SYNTAX');
  });
});
