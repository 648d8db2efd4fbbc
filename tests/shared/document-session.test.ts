/**
 * The command-based document session (issue 18.1) through the core API: revisions, typed
 * errors, atomic batches, and what each command changes in the views and the text.
 */
import { describe, expect, it } from 'vitest';
import { createCoreApi } from '../../src/shared/openapi/core-api';
import { value } from './support/result';
import { newEndpoint } from '../../src/shared/openapi/new-endpoint';
import type { Endpoint } from '../../src/shared/openapi/model';
import { lineDiff } from './support/line-diff';
import { renderedCore } from './support/rendered-core';

const TEXT = `openapi: 3.0.3
info:
  title: Pets
  version: '1'
paths:
  /pets:
    get:
      summary: List pets
      operationId: listPets
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Pet'
    post:
      summary: Add a pet
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Pet'
      responses:
        '201':
          description: Created
  /pets/{id}:
    get:
      summary: One pet
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
components:
  schemas:
    Pet:
      type: object
      properties:
        name:
          type: string
        friend:
          $ref: '#/components/schemas/Pet'
    Unused:
      type: string
`;

function opened() {
  const { api, render } = renderedCore();
  value(api.openDocument(TEXT));
  const views = value(api.views(0, 100));
  const revision = value(api.revision());
  const byPath = (path: string, method = 'GET') =>
    views.find((e) => e.path === path && e.method === method) as Endpoint;
  return { api, views, revision, byPath, render };
}

describe('document session: apply', () => {
  it('sets one field: a new revision, the changed view, a one-line diff', () => {
    const { api, revision, byPath, render } = opened();
    const list = byPath('/pets');
    const answer = value(
      api.apply(
        [{ kind: 'setField', endpointId: list.id, field: 'summary', value: 'All pets' }],
        revision,
        { text: true },
      ),
    );
    expect(answer.revision).toBe(revision + 1);
    expect(answer.changed.map((e) => e.id)).toEqual([list.id]);
    expect(answer.changed[0]?.summary).toBe('All pets');
    expect(answer.removed).toEqual([]);
    expect(answer.textChanged).toBe(true);
    const diff = lineDiff(TEXT, answer.text as string);
    expect(diff.changed).toBe(1);
    expect(answer.text).toContain('      summary: All pets\n');
    // The text is kept per revision; `text` answers it without asking again.
    expect(value(api.text())).toEqual({ revision: answer.revision, text: answer.text });
    expect(render()).toBe(answer.text);
  });

  it("answers the text with the batch only when it can be generated ('ifValid')", () => {
    const { api, revision, byPath } = opened();
    const id = byPath('/pets').id;
    const broken = value(
      api.apply([{ kind: 'setField', endpointId: id, field: 'path', value: '' }], revision, {
        text: 'ifValid',
      }),
    );
    expect(broken.problems.canGenerate).toBe(false);
    expect(broken.text).toBeUndefined();
    const fixed = value(
      api.apply(
        [{ kind: 'setField', endpointId: id, field: 'path', value: '/animals' }],
        broken.revision,
        { text: 'ifValid' },
      ),
    );
    expect(fixed.problems.canGenerate).toBe(true);
    expect(fixed.text).toContain('  /animals:\n');
    expect(value(api.text())).toEqual({ revision: fixed.revision, text: fixed.text });
  });

  it('answers a stale revision with CONFLICT and leaves the document as it was', () => {
    const { api, revision, byPath, render } = opened();
    const id = byPath('/pets').id;
    value(
      api.apply([{ kind: 'setField', endpointId: id, field: 'summary', value: 'A' }], revision),
    );
    const stale = api.apply(
      [{ kind: 'setField', endpointId: id, field: 'summary', value: 'B' }],
      revision,
    );
    expect(stale.ok).toBe(false);
    if (!stale.ok) expect(stale.error.code).toBe('CONFLICT');
    expect(value(api.revision())).toBe(revision + 1);
    expect(render()).toContain('summary: A\n');
  });

  it('whole-set calls (setSchemas) make a new revision too', () => {
    const { api, revision } = opened();
    value(api.setSchemas({ Pet: { type: 'object' } }));
    expect(value(api.revision())).toBe(revision + 1);
    const stale = api.apply([], revision);
    expect(!stale.ok && stale.error.code).toBe('CONFLICT');
  });

  it('an unknown endpoint is a typed error, and the whole batch is undone', () => {
    const { api, revision, byPath, render } = opened();
    const id = byPath('/pets').id;
    const result = api.apply(
      [
        { kind: 'setField', endpointId: id, field: 'summary', value: 'Changed' },
        { kind: 'removeEndpoint', endpointId: 'endpoint-nope' },
      ],
      revision,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('UNKNOWN_TARGET');
    expect(value(api.revision())).toBe(revision);
    expect(render()).toBe(TEXT);
    const parameter = api.apply([{ kind: 'removeParameter', endpointId: id, index: 3 }], revision);
    expect(!parameter.ok && parameter.error.code).toBe('UNKNOWN_TARGET');
  });

  it('refuses a webhook in an OpenAPI 3.0 document', () => {
    const { api, revision, byPath } = opened();
    const result = api.apply(
      [{ kind: 'setField', endpointId: byPath('/pets').id, field: 'webhook', value: true }],
      revision,
    );
    expect(!result.ok && result.error.code).toBe('INVALID_INPUT');
    expect(value(api.revision())).toBe(revision);
  });

  it('with no document open, apply says NO_DOCUMENT', () => {
    const result = createCoreApi().apply([], 0);
    expect(!result.ok && result.error.code).toBe('NO_DOCUMENT');
  });

  it('adds, moves and removes endpoints, answering the order', () => {
    const { api, revision, views, byPath } = opened();
    const added: Endpoint = { ...newEndpoint(false), path: '/owners', method: 'GET' };
    added.responses = [{ statusCode: 200, body: { name: '', customerJson: '' } }];
    const first = value(api.apply([{ kind: 'addEndpoint', endpoint: added, index: 0 }], revision));
    expect(first.order?.[0]).toBe(added.id);
    expect(first.changed.map((e) => e.id)).toEqual([added.id]);
    const text = value(api.text()).text;
    expect(text).toContain('  /owners:\n    get:\n');
    const second = value(
      api.apply(
        [
          { kind: 'moveEndpoint', endpointId: added.id, index: 3 },
          { kind: 'removeEndpoint', endpointId: byPath('/pets', 'POST').id },
        ],
        first.revision,
        { text: true },
      ),
    );
    expect(second.removed).toEqual([byPath('/pets', 'POST').id]);
    expect(second.order).toEqual([views[0]?.id, views[2]?.id, added.id]);
    expect(second.text).not.toContain('Add a pet');
  });

  it('adds, changes and removes parameters by index', () => {
    const { api, revision, byPath } = opened();
    const one = byPath('/pets/{id}');
    const answer = value(
      api.apply(
        [
          {
            kind: 'addParameter',
            endpointId: one.id,
            parameter: {
              id: 'p-new',
              name: 'fields',
              location: 'query',
              required: false,
              description: '',
              example: 'name',
            },
          },
          { kind: 'setParameter', endpointId: one.id, index: 0, change: { description: 'The id' } },
        ],
        revision,
        { text: true },
      ),
    );
    const view = answer.changed[0] as Endpoint;
    expect(view.parameters.map((p) => p.name)).toEqual(['id', 'fields']);
    expect(view.parameters[0]?.description).toBe('The id');
    expect(answer.text).toContain('description: The id');
    expect(answer.text).toContain('name: fields');
    const removed = value(
      api.apply([{ kind: 'removeParameter', endpointId: one.id, index: 1 }], answer.revision, {
        text: true,
      }),
    );
    expect(removed.text).not.toContain('name: fields');
  });

  it('reports the problems of what changed, the other half of a duplicate included', () => {
    const { api, revision, byPath } = opened();
    const post = byPath('/pets', 'POST');
    const get = byPath('/pets');
    const answer = value(
      api.apply(
        [{ kind: 'setField', endpointId: post.id, field: 'method', value: 'GET' }],
        revision,
      ),
    );
    expect(answer.problems.duplicateIds.sort()).toEqual([get.id, post.id].sort());
    expect(answer.problems.issues[post.id]).toContainEqual({ code: 'DUPLICATE', field: '' });
    expect(answer.problems.issues[get.id]).toContainEqual({ code: 'DUPLICATE', field: '' });
    expect(answer.problems.canGenerate).toBe(false);
    // Unchanged endpoints whose issues did not change are not listed.
    expect(Object.keys(answer.problems.issues).sort()).toEqual([get.id, post.id].sort());
    // Spec §4: the GET lost its request body.
    expect(answer.changed[0]?.requestBody).toBeUndefined();
    const back = value(
      api.apply(
        [{ kind: 'setField', endpointId: post.id, field: 'method', value: 'POST' }],
        answer.revision,
      ),
    );
    expect(back.problems.issues[get.id]).toEqual([]);
    expect(back.problems.canGenerate).toBe(true);
  });

  it('renames a shared schema and every $ref to it', () => {
    const { api, revision, views } = opened();
    const answer = value(
      api.apply([{ kind: 'renameSchema', from: 'Pet', to: 'Animal' }], revision, { text: true }),
    );
    const text = answer.text as string;
    expect(text).not.toContain('#/components/schemas/Pet');
    expect(text.match(/#\/components\/schemas\/Animal'/g)?.length).toBe(4);
    expect(text).toContain('\n    Animal:\n      type: object\n');
    expect(answer.schemaNames).toEqual(['Animal', 'Unused']);
    // Ids come from path and method: the same endpoints, re-read.
    expect(answer.removed).toEqual([]);
    expect(value(api.views(0, 100)).map((e) => e.id)).toEqual(views.map((e) => e.id));
    const missing = api.apply([{ kind: 'renameSchema', from: 'Pet', to: 'X' }], answer.revision);
    expect(!missing.ok && missing.error.code).toBe('UNKNOWN_TARGET');
    const taken = api.apply(
      [{ kind: 'renameSchema', from: 'Animal', to: 'Unused' }],
      answer.revision,
    );
    expect(!taken.ok && taken.error.code).toBe('INVALID_INPUT');
  });

  it('sets and removes shared schemas and meta fields', () => {
    const { api, revision } = opened();
    const answer = value(
      api.apply(
        [
          { kind: 'setSchema', name: 'Owner', schema: { type: 'object' } },
          { kind: 'removeSchema', name: 'Unused' },
          { kind: 'setMeta', meta: { info: { title: 'Pet store', version: '1' } } },
        ],
        revision,
        { text: true },
      ),
    );
    expect(answer.schemaNames).toEqual(['Pet', 'Owner']);
    expect(answer.meta?.info.title).toBe('Pet store');
    expect(answer.problems.meta).toEqual([]);
    expect(answer.text).toContain('title: Pet store');
    expect(answer.text).toContain('    Owner:\n      type: object\n');
    expect(answer.text).not.toContain('Unused');
  });

  it('adopts the output editor text: only what differs is reported', () => {
    const { api, revision, byPath, render } = opened();
    const edited = TEXT.replace('summary: One pet', 'summary: A pet');
    const answer = value(api.apply([{ kind: 'adoptText', text: edited }], revision));
    expect(answer.changed.map((e) => e.id)).toEqual([byPath('/pets/{id}').id]);
    expect(answer.removed).toEqual([]);
    expect(render()).toBe(edited);
    const loaded = value(
      api.apply(
        [
          {
            kind: 'load',
            text:
              TEXT.slice(0, TEXT.indexOf('  /pets/{id}:')) +
              TEXT.slice(TEXT.indexOf('components:')),
          },
        ],
        answer.revision,
      ),
    );
    expect(loaded.removed).toEqual([byPath('/pets/{id}').id]);
    const bad = api.apply([{ kind: 'load', text: 'openapi: [' }], loaded.revision);
    expect(!bad.ok && bad.error.code).toBe('YAML_SYNTAX');
  });

  it('edits a new document, which is generated in the form order', () => {
    const api = createCoreApi();
    value(api.newDocument());
    const a: Endpoint = { ...newEndpoint(true), path: '/a', method: 'GET' };
    const b: Endpoint = { ...newEndpoint(false), path: '/b', method: 'GET' };
    b.responses = [{ statusCode: 200, body: { name: '', customerJson: '' } }];
    const revision = value(api.revision());
    const first = value(
      api.apply(
        [
          { kind: 'addEndpoint', endpoint: a },
          { kind: 'addEndpoint', endpoint: b },
        ],
        revision,
        { text: true },
      ),
    );
    expect((first.text as string).indexOf('/a:')).toBeLessThan(
      (first.text as string).indexOf('/b:'),
    );
    const moved = value(
      api.apply([{ kind: 'moveEndpoint', endpointId: b.id, index: 0 }], first.revision, {
        text: true,
      }),
    );
    expect(moved.textChanged).toBe(true);
    expect((moved.text as string).indexOf('/b:')).toBeLessThan(
      (moved.text as string).indexOf('/a:'),
    );
  });
});

describe('a batch whose checks fail on what it made', () => {
  it('is undone: the revision, the text and the next edit are as if it never came', () => {
    const api = createCoreApi();
    const text = [
      'openapi: 3.0.3',
      'info: {title: Pets, version: v1}',
      'paths:',
      '  /pets:',
      '    get:',
      '      summary: List pets',
      '      responses:',
      "        '200': {description: OK}",
      '',
    ].join('\n');
    value(api.openDocument(text));
    const [view] = value(api.views(0, 10));
    const revision = value(api.revision());
    // A view given whole with a response that is not one (a caller's bug, or a hostile one).
    const malformed = { ...view!, responses: ['not a response'] } as unknown as Endpoint;
    for (const options of [{}, { text: true }]) {
      const answer = api.apply([{ kind: 'putEndpoint', endpoint: malformed }], revision, options);
      expect(answer.ok).toBe(false);
      expect(value(api.revision())).toBe(revision);
    }
    const edited = value(
      api.apply(
        [{ kind: 'setField', endpointId: view!.id, field: 'summary', value: 'All pets' }],
        revision,
        { text: true },
      ),
    );
    expect(edited.text).toBe(text.replace('List pets', 'All pets'));
  });
});
