/**
 * Edits inside a body or a response as path commands (issue 29.1, app/core/document-sync.ts
 * `editsOf`): a keystroke in a response description, an example, a schema or a header sends
 * the value typed at its place, never the endpoint; a response added, removed or moved is one
 * insertAt / removeAt at its index. The commands, applied by a real session, make its view the
 * page's and its text the one that sending the view whole makes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editsOf } from '../../../src/app/core/document-sync';
import { createResponse, editBody, updateResponse } from '../../../src/app/model/endpoint-ops';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import type { DocumentCommand, Endpoint } from '../../../src/shared/openapi';
import { value } from '../../shared/support/result';
import { CORPUS_DIR, corpusAvailable } from '../../shared/support/corpus';

const TEXT = `openapi: 3.0.3
info:
  title: Pets
  version: '1'
paths:
  /pets:
    post:
      summary: Add a pet
      requestBody:
        description: The pet
        content:
          application/json:
            schema:
              type: object
              properties:
                name: {type: string}
                tag: {type: string}
            examples:
              rex:
                value: {name: Rex}
              tom:
                summary: A cat
                value: {name: Tom}
      responses:
        '201':
          description: Created
          headers:
            Location:
              description: Where it is
              schema: {type: string}
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: {type: integer}
              example: {id: 1}
        '400':
          description: Bad request
        '404':
          description: Not found
`;

type Edit = (endpoint: Endpoint) => Endpoint;

/** The view without what the session derives from the document. */
function content(view: Endpoint): Omit<Endpoint, 'schemaComponents'> {
  const { schemaComponents: _derived, ...rest } = view;
  return rest;
}

/**
 * Applies `commands` to one session and the whole view to another (both opened on `text`):
 * the views and the texts must agree.
 */
function agreeWithWhole(
  text: string,
  before: Endpoint,
  after: Endpoint,
  commands: DocumentCommand[],
) {
  const byCommands = createCoreApi();
  const whole = createCoreApi();
  value(byCommands.openDocument(text));
  value(whole.openDocument(text));
  const answer = value(byCommands.apply(commands, value(byCommands.revision())));
  value(whole.apply([{ kind: 'putEndpoint', endpoint: after }], value(whole.revision())));
  const view = answer.changed.find((e) => e.id === before.id) as Endpoint;
  expect(content(view)).toEqual(content(after));
  expect(value(byCommands.text()).text).toBe(value(whole.text()).text);
}

/** The request body's two properties, each with nine keywords more. */
const MANY = Object.fromEntries(
  ['name', 'tag'].map((name) => [
    name,
    {
      type: 'string' as const,
      ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`x-k${i}`, i])),
    },
  ]),
);

describe('editsOf inside a body or a response', () => {
  const api = createCoreApi();
  value(api.openDocument(TEXT));
  const post = value(api.views(0, 10))[0] as Endpoint;
  const id = post.id;
  const cases: [string, Edit, DocumentCommand[]][] = [
    [
      'a response description typed',
      (e) => updateResponse(e, 0, (r) => ({ ...r, description: 'Created!' })),
      [{ kind: 'setAt', endpointId: id, path: ['responses', 0, 'description'], value: 'Created!' }],
    ],
    [
      'the example of a response’s media type',
      (e) =>
        updateResponse(e, 0, (r) => ({
          ...r,
          body: editBody(r.body, { customerJson: '{"id": 2}' }),
        })),
      [
        {
          kind: 'setAt',
          endpointId: id,
          path: ['responses', 0, 'body', 'customerJson'],
          value: '{"id": 2}',
        },
      ],
    ],
    [
      'a named example of the request body',
      (e) => ({
        ...e,
        requestBody: editBody(e.requestBody, {
          examples: [{ ...e.requestBody!.examples![0]!, json: '{"name": "Kit"}' }],
        }),
      }),
      [
        {
          kind: 'setAt',
          endpointId: id,
          path: ['requestBody', 'examples', 0, 'json'],
          value: '{"name": "Kit"}',
        },
      ],
    ],
    [
      'a property added to the request body’s schema',
      (e) => {
        const schema = e.requestBody!.schema!;
        const properties = { ...schema.properties, age: { type: 'integer' as const } };
        return {
          ...e,
          requestBody: editBody(e.requestBody, { schema: { ...schema, properties } }),
        };
      },
      [
        {
          kind: 'setAt',
          endpointId: id,
          path: ['requestBody', 'schema', 'properties', 'age'],
          value: { type: 'integer' },
        },
      ],
    ],
    [
      'a header’s description',
      (e) =>
        updateResponse(e, 0, (r) => ({
          ...r,
          headers: r.headers!.map((h) => ({ ...h, description: 'Its URL' })),
        })),
      [
        {
          kind: 'setAt',
          endpointId: id,
          path: ['responses', 0, 'headers', 0, 'description'],
          value: 'Its URL',
        },
      ],
    ],
    [
      'a response added',
      (e) => ({ ...e, responses: [...e.responses, { ...createResponse(), statusCode: 500 }] }),
      [
        {
          kind: 'insertAt',
          endpointId: id,
          path: ['responses', 3],
          value: { ...createResponse(), statusCode: 500 },
        },
      ],
    ],
    [
      'a response removed',
      (e) => ({ ...e, responses: e.responses.filter((_, i) => i !== 1) }),
      [{ kind: 'removeAt', endpointId: id, path: ['responses', 1] }],
    ],
    [
      'a response moved',
      (e) => ({ ...e, responses: [e.responses[2]!, e.responses[0]!, e.responses[1]!] }),
      [
        { kind: 'removeAt', endpointId: id, path: ['responses', 2] },
        { kind: 'insertAt', endpointId: id, path: ['responses', 0], value: post.responses[2] },
      ],
    ],
    [
      'a property renamed in place (its object goes whole: the order is the text’s)',
      (e) => {
        const schema = e.requestBody!.schema!;
        return {
          ...e,
          requestBody: editBody(e.requestBody, {
            schema: {
              ...schema,
              properties: { title: { type: 'string' }, tag: schema.properties!.tag! },
            },
          }),
        };
      },
      [
        {
          kind: 'setAt',
          endpointId: id,
          path: ['requestBody', 'schema', 'properties'],
          value: { title: { type: 'string' }, tag: { type: 'string' } },
        },
      ],
    ],
    [
      'a schema rewritten through (more than a few edits inside: its object goes whole)',
      (e) => {
        const schema = e.requestBody!.schema!;
        return {
          ...e,
          requestBody: editBody(e.requestBody, { schema: { ...schema, properties: MANY } }),
        };
      },
      [
        {
          kind: 'setAt',
          endpointId: id,
          path: ['requestBody', 'schema', 'properties'],
          value: MANY,
        },
      ],
    ],
    [
      'the request body removed',
      (e) => {
        const { requestBody: _gone, ...rest } = e;
        return rest;
      },
      [{ kind: 'setAt', endpointId: id, path: ['requestBody'], value: undefined }],
    ],
  ];
  for (const [name, edit, expected] of cases) {
    it(`sends ${name} as path commands`, () => {
      const after = edit(post);
      const commands = editsOf(post, after);
      expect(commands).toEqual(expected);
      for (const command of commands ?? []) {
        expect(new TextEncoder().encode(JSON.stringify(command)).length).toBeLessThan(1024);
      }
      agreeWithWhole(TEXT, post, after, commands ?? []);
    });
  }
});

/** A place inside a view and the value there. */
type Place = { path: (string | number)[]; at: unknown };

/** Every place under the body and the responses (the first few thousand). */
function placesOf(view: Endpoint): Place[] {
  const out: Place[] = [];
  const walk = (path: (string | number)[], at: unknown) => {
    if (out.length >= 3000) return;
    out.push({ path, at });
    if (Array.isArray(at)) at.forEach((item, i) => walk([...path, i], item));
    else if (at !== null && typeof at === 'object') {
      for (const [key, item] of Object.entries(at)) walk([...path, key], item);
    }
  };
  if (view.requestBody !== undefined) walk(['requestBody'], view.requestBody);
  walk(['responses'], view.responses);
  return out;
}

/** `root` with the value at `path` made by `change` (copies along the path, as the panels do). */
function updated(
  root: unknown,
  path: readonly (string | number)[],
  change: (at: unknown) => unknown,
): unknown {
  if (path.length === 0) return change(root);
  const [step, ...rest] = path;
  if (Array.isArray(root)) {
    const items = [...root];
    items[step as number] = updated(items[step as number], rest, change);
    return items;
  }
  const object = { ...(root as Record<string, unknown>) };
  const next = updated(object[step as string], rest, change);
  if (next === undefined) delete object[step as string];
  else object[step as string] = next;
  return object;
}

const NEW_KEYS = ['description', 'example', 'x-note', 'a b', ''];

/** A random edit at a random place under the body or the responses. */
const innerEdit: fc.Arbitrary<Edit> = fc
  .tuple(
    fc.nat(),
    fc.constantFrom('type', 'replace', 'drop', 'add', 'move', 'response'),
    fc.string({ maxLength: 8 }),
    fc.nat(),
    fc.nat(),
  )
  .map(([pick, op, text, i, j]): Edit => (view) => {
    if (op === 'response') {
      const responses = [...view.responses];
      if (i % 2 === 0 || responses.length === 0) {
        responses.splice(j % (responses.length + 1), 0, {
          ...createResponse(),
          statusCode: 200 + (i % 300),
        });
      } else responses.splice(j % responses.length, 1);
      return { ...view, responses };
    }
    const places = placesOf(view);
    const { path, at } = places[pick % places.length] as Place;
    const change = (value: unknown): unknown => {
      switch (op) {
        case 'type':
        case 'replace':
          if (typeof value === 'string') return op === 'type' ? value + text : text;
          if (typeof value === 'number') return value + 1;
          if (typeof value === 'boolean') return !value;
          return value;
        case 'drop':
          // The responses list stays (a view always has one).
          return path.length === 1 && path[0] === 'responses' ? value : undefined;
        case 'add':
          if (Array.isArray(value)) {
            const items = [...value];
            if (items.length === 0) return value;
            const copy = structuredClone(items[i % items.length]);
            items.splice(j % (items.length + 1), 0, copy);
            return items;
          }
          if (value !== null && typeof value === 'object') {
            return { ...value, [NEW_KEYS[i % NEW_KEYS.length] as string]: text };
          }
          return value;
        default: {
          if (!Array.isArray(value) || value.length < 2) return value;
          const items = [...value];
          const [moved] = items.splice(i % items.length, 1);
          items.splice(j % (items.length + 1), 0, moved);
          return items;
        }
      }
    };
    // A list item dropped leaves its list (the item is removed, not set to nothing).
    if (op === 'drop' && typeof path[path.length - 1] === 'number') {
      const index = path[path.length - 1] as number;
      return updated(view, path.slice(0, -1), (list) =>
        (list as unknown[]).filter((_, k) => k !== index),
      ) as Endpoint;
    }
    if (change(at) === at) return view;
    return updated(view, path, change) as Endpoint;
  });

/**
 * Two sessions on `text`: one told by editsOf's commands, one by whole views; after each edit
 * the views and the texts agree. A view the session refuses (a random edit can make one) ends
 * the run: the refused batch may have left the whole-view session half-changed.
 */
function checkInner(text: string, runs: number) {
  let sent = 0;
  fc.assert(
    fc.property(fc.nat(), fc.array(innerEdit, { minLength: 1, maxLength: 8 }), (pick, edits) => {
      const byCommands = createCoreApi();
      const whole = createCoreApi();
      value(byCommands.openDocument(text));
      value(whole.openDocument(text));
      const views = value(byCommands.views(0, 1_000_000));
      const rich = views.filter((v) => v.requestBody !== undefined || v.responses.length > 0);
      const pool = rich.length > 0 ? rich : views;
      let page = pool[pick % pool.length] as Endpoint;
      for (const edit of edits) {
        const next = edit(page);
        if (next === page) continue;
        const commands = editsOf(page, next);
        expect(commands).toBeDefined();
        expect(commands!.some((c) => c.kind === 'putEndpoint')).toBe(false);
        const put = whole.apply([{ kind: 'putEndpoint', endpoint: next }], value(whole.revision()));
        if (!put.ok) return;
        page = next;
        // An edit that leaves the same content under a new identity has nothing to send.
        if (commands!.length === 0) continue;
        sent += 1;
        const answer = value(byCommands.apply(commands!, value(byCommands.revision())));
        const view = answer.changed.find((e) => e.id === next.id) as Endpoint;
        expect(content(view)).toEqual(content(next));
        expect(value(byCommands.text()).text).toBe(value(whole.text()).text);
      }
    }),
    { numRuns: runs },
  );
  expect(sent).toBeGreaterThan(runs);
}

describe('editsOf inside a body or a response: random edits', () => {
  it('agrees with whole views on a small document', () => {
    checkInner(TEXT, 200);
  }, 60_000);
});

const corpus = corpusAvailable('openapi');
describe.skipIf(!corpus)('editsOf inside a body or a response on corpus documents', () => {
  for (const file of [
    'openapi/swagger-petstore__openapi.yaml',
    'openapi/realworld-conduit__openapi.yml',
    'openapi/paypal__invoicing_v2.json',
  ]) {
    it(`agrees with whole views on ${file}`, () => {
      checkInner(readFileSync(resolve(CORPUS_DIR, file), 'utf8'), 30);
    }, 120_000);
  }
});
