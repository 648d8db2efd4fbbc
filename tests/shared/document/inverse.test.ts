/**
 * The undo of a command (inverseOf): applied after the command, its inverse gives back the
 * views, the panel, the shared schemas and the text as they were, byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import { value } from '../support/result';
import {
  inverseOf,
  type DocumentCommand,
  type UndoState,
} from '../../../src/shared/openapi/document';
import type { Endpoint, Schema } from '../../../src/shared/openapi/model';
import { newEndpoint } from '../../../src/shared/openapi/new-endpoint';

const TEXT = `openapi: 3.0.3
info:
  title: Pets
  version: '1'
  x-logo:
    url: l.png
tags:
  - name: pets
paths:
  /pets:
    parameters:
      - name: tenant
        in: header
        schema:
          type: string
    get:
      tags: [pets]
      summary: List pets
      parameters:
        - name: limit
          in: query
          description: How many
          schema:
            type: integer
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pets'
    post:
      summary: Add a pet
      x-internal: true
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Pet'
            example:
              name: Rex
      responses:
        '201':
          description: Created
components:
  schemas:
    Pet:
      type: object
      properties:
        name:
          type: string
    Pets:
      type: array
      items:
        $ref: '#/components/schemas/Pet'
    Owner:
      type: object
`;

function stateOf(api: ReturnType<typeof createCoreApi>): UndoState {
  return {
    endpoints: value(api.views(0, 1000)),
    meta: value(api.syncState()).meta,
    schemas: Object.fromEntries(value(api.schemaEntries(0, 1000))) as Record<string, Schema>,
    text: value(api.text()).text,
  };
}

/** Applies `make(views)`, then its inverse; answers the text in between. */
function roundTrip(make: (views: Endpoint[]) => DocumentCommand): string {
  const api = createCoreApi();
  value(api.openDocument(TEXT));
  const before = stateOf(api);
  const command = make(before.endpoints as Endpoint[]);
  let revision = value(api.apply([command], value(api.revision()))).revision;
  const after = stateOf(api);
  revision = value(api.apply(inverseOf(command, before, after), revision)).revision;
  const undone = stateOf(api);
  expect(undone.text).toBe(TEXT);
  expect(undone.endpoints).toEqual(before.endpoints);
  expect(undone.meta).toEqual(before.meta);
  expect(Object.keys(undone.schemas)).toEqual(Object.keys(before.schemas));
  expect(revision).toBe(3);
  return after.text as string;
}

const get = (views: Endpoint[]) => views.find((e) => e.method === 'GET') as Endpoint;
const post = (views: Endpoint[]) => views.find((e) => e.method === 'POST') as Endpoint;

describe('inverseOf', () => {
  it('sets a field back, and removes one the command added', () => {
    roundTrip((v) => ({ kind: 'setField', endpointId: get(v).id, field: 'summary', value: 'X' }));
    roundTrip((v) => ({ kind: 'setField', endpointId: get(v).id, field: 'summary', value: '' }));
    roundTrip((v) => ({ kind: 'setField', endpointId: get(v).id, field: 'tags', value: [] }));
    roundTrip((v) => ({
      kind: 'setField',
      endpointId: post(v).id,
      field: 'operationId',
      value: 'addPet',
    }));
    roundTrip((v) => ({ kind: 'setField', endpointId: get(v).id, field: 'path', value: '/dogs' }));
  });

  it('gives back the request body that switching to GET dropped', () => {
    const text = roundTrip((v) => ({
      kind: 'setField',
      endpointId: post(v).id,
      field: 'method',
      value: 'GET',
    }));
    expect(text).not.toContain('requestBody');
  });

  it('undoes parameter edits by index', () => {
    roundTrip((v) => ({
      kind: 'addParameter',
      endpointId: get(v).id,
      index: 0,
      parameter: {
        id: 'p',
        name: 'q',
        location: 'query',
        required: false,
        description: '',
        example: '',
      },
    }));
    roundTrip((v) => ({ kind: 'removeParameter', endpointId: get(v).id, index: 0 }));
    roundTrip((v) => ({ kind: 'removeParameter', endpointId: get(v).id, index: 1 }));
    roundTrip((v) => ({
      kind: 'setParameter',
      endpointId: get(v).id,
      index: 0,
      change: { description: '', location: 'path' },
    }));
  });

  it('undoes edits at a place inside a view', () => {
    roundTrip((v) => ({
      kind: 'setAt',
      endpointId: get(v).id,
      path: ['responses', 0, 'description'],
      value: 'All',
    }));
    roundTrip((v) => ({
      kind: 'insertAt',
      endpointId: get(v).id,
      path: ['responses', 1],
      value: { ...get(v).responses[0], statusCode: '404' },
    }));
    roundTrip((v) => ({ kind: 'removeAt', endpointId: get(v).id, path: ['responses', 0] }));
  });

  it('puts a removed key back at its place in its object (a schema’s properties keep their order)', () => {
    const text = `openapi: 3.0.3
info:
  title: Pets
  version: '1'
paths:
  /pets:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                name: {type: string}
                tag: {type: string}
      responses:
        '201':
          description: Created
`;
    const path = ['requestBody', 'schema', 'properties', 'name'] as const;
    for (const command of [
      { kind: 'setAt', path, value: undefined },
      { kind: 'removeAt', path },
    ] as const) {
      const api = createCoreApi();
      value(api.openDocument(text));
      const before = stateOf(api);
      const endpointId = (before.endpoints[0] as Endpoint).id;
      const applied = { ...command, endpointId } as DocumentCommand;
      const revision = value(api.apply([applied], value(api.revision()))).revision;
      const inverse = inverseOf(applied, before, stateOf(api));
      expect(inverse).toEqual([
        {
          kind: 'setAt',
          endpointId,
          path: path.slice(0, -1),
          value: (before.endpoints[0] as Endpoint).requestBody?.schema?.properties,
        },
      ]);
      value(api.apply(inverse, revision));
      const undone = stateOf(api);
      expect(undone.text).toBe(text);
      const properties = (undone.endpoints[0] as Endpoint).requestBody?.schema?.properties;
      expect(Object.keys(properties ?? {})).toEqual(['name', 'tag']);
    }
  });

  it('adds back a removed endpoint at its place, with the schemas only it used', () => {
    const text = roundTrip((v) => ({ kind: 'removeEndpoint', endpointId: get(v).id }));
    expect(text).not.toContain('Pets:');
    roundTrip((v) => ({ kind: 'moveEndpoint', endpointId: get(v).id, index: 1 }));
    roundTrip(() => ({
      kind: 'addEndpoint',
      index: 0,
      endpoint: { ...newEndpoint(true), method: 'DELETE', path: '/pets', summary: 'Remove' },
    }));
  });

  it('sets the panel and the shared schemas back', () => {
    roundTrip(() => ({ kind: 'setMeta', meta: { info: { title: 'T', version: '2' } } }));
    roundTrip(() => ({ kind: 'setMetaAt', path: ['info', 'title'], value: 'Dogs' }));
    roundTrip(() => ({ kind: 'removeMetaAt', path: ['tags', 0] }));
    roundTrip(() => ({ kind: 'setSchema', name: 'Toy', schema: { type: 'string' }, index: 1 }));
    roundTrip(() => ({ kind: 'setSchema', name: 'Owner', schema: { type: 'string' } }));
    roundTrip(() => ({ kind: 'removeSchema', name: 'Owner' }));
    roundTrip(() => ({ kind: 'renameSchema', from: 'Pet', to: 'Animal' }));
  });

  it('opens the text before again to undo adopting a text, and needs it', () => {
    roundTrip(() => ({ kind: 'adoptText', text: TEXT.replace('List pets', 'All pets') }));
    const state: UndoState = { endpoints: [], meta: {} as UndoState['meta'], schemas: {} };
    expect(() => inverseOf({ kind: 'adoptText', text: '' }, state, state)).toThrow(/text before/);
  });
});

describe('a value set back after the text was opened again', () => {
  it('is written as it was: quotes a value needed are not kept for one that needs none', () => {
    for (const text of [
      TEXT,
      TEXT.replace("title: Pets\n  version: '1'", 'title: "Pets"\n  version: "1"'),
    ]) {
      const api = createCoreApi();
      value(api.openDocument(text));
      const id = get(value(api.views(0, 100))).id;
      let revision = value(api.revision());
      const set = (summary: string): string => {
        const answer = value(
          api.apply(
            [{ kind: 'setField', endpointId: id, field: 'summary', value: summary }],
            revision,
            {
              text: true,
            },
          ),
        );
        revision = answer.revision;
        return answer.text as string;
      };
      const quoted = set('- List');
      expect(quoted).toMatch(/summary: ["']- List["']\n/);
      revision = value(api.apply([{ kind: 'adoptText', text: quoted }], revision)).revision;
      expect(set('List pets')).toBe(text);
    }
  });

  it('keeps quotes the author chose', () => {
    const text = TEXT.replace('summary: List pets', "summary: 'List pets'");
    const api = createCoreApi();
    value(api.openDocument(text));
    const id = get(value(api.views(0, 100))).id;
    const command: DocumentCommand = {
      kind: 'setField',
      endpointId: id,
      field: 'summary',
      value: 'All',
    };
    const answer = value(api.apply([command], value(api.revision()), { text: true }));
    expect(answer.text).toContain("summary: 'All'\n");
  });
});

describe('a shared schema added, the text opened again, then removed', () => {
  it('leaves no trace: no empty schemas, no empty components', () => {
    const text = TEXT.slice(0, TEXT.indexOf('components:')).replace(
      /\$ref: '#\/components\/schemas\/(Pets|Pet)'/g,
      'type: object',
    );
    const api = createCoreApi();
    value(api.openDocument(text));
    const schema = { type: 'string' } as Schema;
    let answer = value(
      api.apply([{ kind: 'setSchema', name: 'Toy', schema }], value(api.revision()), {
        text: true,
      }),
    );
    expect(answer.text).toContain('components:\n  schemas:\n    Toy:');
    const revision = value(
      api.apply([{ kind: 'adoptText', text: answer.text as string }], answer.revision),
    ).revision;
    answer = value(api.apply([{ kind: 'removeSchema', name: 'Toy' }], revision, { text: true }));
    expect(answer.text).toBe(text);
  });
});
