/**
 * Commands that address a place inside an endpoint (issue 29.1): the pure view transform the
 * session and the page both run, and what the session makes of them in the text.
 */
import { describe, expect, it } from 'vitest';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import { value } from '../support/result';
import { applyToView, type DocumentCommand, type Endpoint } from '../../../src/shared/openapi';
import { lineDiff } from '../support/line-diff';

const TEXT = `openapi: 3.0.3
info:
  title: Pets
  version: '1'
paths:
  /pets:
    post:
      summary: Add a pet
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                name:
                  type: string
            example:
              name: Rex
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema:
                type: object
              example:
                id: 1
        '400':
          description: Bad request
`;

function opened() {
  const api = createCoreApi();
  value(api.openDocument(TEXT));
  const [view] = value(api.views(0, 10));
  return { api, view: view as Endpoint, revision: value(api.revision()) };
}

describe('applyToView', () => {
  it('sets, inserts and removes inside a view without changing the given one', () => {
    const { view } = opened();
    const frozen = JSON.stringify(view);
    const named = applyToView(
      view,
      { kind: 'setAt', endpointId: view.id, path: ['responses', 0, 'description'], value: 'Made' },
      '3.0',
    );
    expect(named.responses[0]?.description).toBe('Made');
    expect(named.responses[1]).toBe(view.responses[1]);
    expect(named.requestBody).toBe(view.requestBody);
    const inserted = applyToView(
      named,
      {
        kind: 'insertAt',
        endpointId: view.id,
        path: ['responses', 1],
        value: { statusCode: 202, body: { name: '', customerJson: '' } },
      },
      '3.0',
    );
    expect(inserted.responses.map((r) => r.statusCode)).toEqual([201, 202, 400]);
    const removed = applyToView(
      inserted,
      { kind: 'removeAt', endpointId: view.id, path: ['responses', 2] },
      '3.0',
    );
    expect(removed.responses.map((r) => r.statusCode)).toEqual([201, 202]);
    const cleared = applyToView(
      removed,
      {
        kind: 'setAt',
        endpointId: view.id,
        path: ['responses', 0, 'description'],
        value: undefined,
      },
      '3.0',
    );
    expect(Object.hasOwn(cleared.responses[0] as object, 'description')).toBe(false);
    expect(JSON.stringify(view)).toBe(frozen);
  });

  it('refuses places outside a body or a response, and targets that are not there', () => {
    const { view } = opened();
    const code = (command: DocumentCommand) => {
      try {
        applyToView(view, command as never, '3.0');
        return 'applied';
      } catch (error) {
        return (error as { code: string }).code;
      }
    };
    expect(code({ kind: 'setAt', endpointId: view.id, path: ['id' as never], value: 'x' })).toBe(
      'INVALID_INPUT',
    );
    expect(
      code({ kind: 'setAt', endpointId: view.id, path: ['requestBody', '__proto__'], value: 1 }),
    ).toBe('INVALID_INPUT');
    expect(
      code({
        kind: 'setAt',
        endpointId: view.id,
        path: ['responses', 9, 'description'],
        value: 'x',
      }),
    ).toBe('UNKNOWN_TARGET');
    expect(code({ kind: 'removeAt', endpointId: view.id, path: ['responses', 2] })).toBe(
      'UNKNOWN_TARGET',
    );
  });
});

describe('the session runs the same function', () => {
  it('an edit inside a response is one small command and a one-line change of the text', () => {
    const { api, view, revision } = opened();
    const command: DocumentCommand = {
      kind: 'setAt',
      endpointId: view.id,
      path: ['responses', 1, 'description'],
      value: 'Not a pet',
    };
    expect(JSON.stringify(command).length).toBeLessThan(200);
    const answer = value(api.apply([command], revision, { text: true }));
    expect(answer.changed).toHaveLength(1);
    expect(answer.changed[0]).toEqual(applyToView(view, command, '3.0'));
    const diff = lineDiff(TEXT, answer.text as string);
    expect(diff.changed).toBe(1);
    expect(answer.text).toContain('          description: Not a pet\n');
  });

  it("a body's example is set in place; a failing command undoes the batch", () => {
    const { api, view, revision } = opened();
    const answer = value(
      api.apply(
        [
          {
            kind: 'setAt',
            endpointId: view.id,
            path: ['requestBody', 'customerJson'],
            value: '{"name": "Max"}',
          },
        ],
        revision,
        { text: true },
      ),
    );
    expect(answer.text).toContain('name: Max');
    expect(answer.text).toContain('      summary: Add a pet\n');
    const failed = api.apply(
      [
        { kind: 'setField', endpointId: view.id, field: 'summary', value: 'Gone' },
        { kind: 'removeAt', endpointId: view.id, path: ['responses', 5] },
      ],
      answer.revision,
    );
    expect(failed.ok).toBe(false);
    expect(value(api.revision())).toBe(answer.revision);
    expect(value(api.views(0, 1))[0]?.summary).toBe('Add a pet');
  });
});
