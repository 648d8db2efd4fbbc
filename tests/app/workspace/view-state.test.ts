import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../src/shared/openapi';
import { parseOpenApi } from '../../../src/shared/openapi/document/openapi-document';
import { stableId } from '../../../src/shared/openapi/read-openapi';
import {
  EMPTY_VIEW_STATE,
  overlayForm,
  readViewState,
  viewKey,
  type FormDrafts,
} from '../../../src/app/workspace/view-state';

function endpoint(id: string, path = `/${id}`, method: Endpoint['method'] = 'GET'): Endpoint {
  return { id, method, path, summary: '', parameters: [], responses: [] };
}

const A = endpoint('a');
const B = endpoint('b');
const C = endpoint('c');

function form(order: string[], drafts: Endpoint[] = []): FormDrafts {
  return { order, drafts };
}

describe('overlayForm', () => {
  it('is the opened views, as a new array, when there is no form', () => {
    const opened = [A, B];
    const out = overlayForm(opened, undefined);
    expect(out).toEqual([A, B]);
    expect(out).not.toBe(opened);
  });

  it('follows the saved order', () => {
    expect(overlayForm([A, B, C], form(['c', 'a', 'b']))).toEqual([C, A, B]);
  });

  it('lays a draft over the view with its key, and places a draft the text has not', () => {
    const edited = { ...B, summary: 'edited' };
    const added = endpoint('new-1', '');
    const out = overlayForm([A, B, C], form(['a', 'new-1', 'b', 'c'], [edited, added]));
    expect(out).toEqual([A, added, edited, C]);
    expect(out[2]).toBe(edited);
  });

  it('drops a view the order leaves out when every key of the order was found (removed)', () => {
    expect(overlayForm([A, B, C], form(['c', 'a']))).toEqual([C, A]);
    expect(overlayForm([A, B], form([]))).toEqual([]);
  });

  it('keeps the views an order with an unknown key does not name, after their neighbour', () => {
    // 'zzz' is found nowhere: the unnamed views are kept rather than dropped.
    expect(overlayForm([A, B, C], form(['b', 'zzz']))).toEqual([A, B, C]);
    expect(overlayForm([A, B, C], form(['c', 'zzz', 'a']))).toEqual([C, A, B]);
  });

  it('does not show a key twice', () => {
    const edited = { ...A, summary: 'edited' };
    const out = overlayForm([A, B], form(['a', 'b', 'a'], [edited]));
    expect(out.filter((e) => e.id === 'a')).toEqual([edited]);
    expect(out).toContain(B);
  });
});

describe('readViewState', () => {
  it('reads JSON text and objects alike', () => {
    const state = { v: 2, collapsed: ['a'], output: { start: 0, end: 1, text: 'x' } };
    expect(readViewState(JSON.stringify(state))).toEqual(state);
    expect(readViewState(state)).toEqual(state);
  });

  it('makes anything unreadable the empty view state', () => {
    for (const value of ['{not json', 'null', '42', null, undefined, 42, 'text', true]) {
      expect(readViewState(value)).toEqual(EMPTY_VIEW_STATE);
    }
  });

  it('keeps only what it understands', () => {
    const out = readViewState({
      v: 2,
      extra: 'dropped',
      collapsed: ['a', 3, null, 'b'],
      form: {
        order: ['a', 7, 'b'],
        drafts: [A, { id: 'broken' }, 'b'],
        meta: { openapi: '3.1.0', info: { title: 'T', version: '1' } },
        schemas: { Pet: { type: 'object' } },
      },
    });
    expect(out).toEqual({
      v: 2,
      collapsed: ['a', 'b'],
      form: {
        order: ['a', 'b'],
        drafts: [A],
        meta: { openapi: '3.1.0', info: { title: 'T', version: '1' } },
        schemas: { Pet: { type: 'object' } },
      },
    });
  });

  it('has no form when its order or drafts are not lists', () => {
    expect(readViewState({ v: 2, form: { order: ['a'] } })).toEqual({ v: 2 });
    expect(readViewState({ v: 2, form: { order: 'a', drafts: [] } })).toEqual({ v: 2 });
    expect(readViewState({ v: 2, form: 'x', collapsed: 'a' })).toEqual({ v: 2 });
  });

  it("reads a project's older view state ({ v: 2, output }) as it is", () => {
    const json = '{"v":2,"output":{"end":6,"text":"# typed\\n","start":6}}';
    expect(readViewState(json)).toEqual({ v: 2, output: { start: 6, end: 6, text: '# typed\n' } });
    expect(readViewState('{"v":2}')).toEqual({ v: 2 });
  });
});

describe('viewKey', () => {
  it('is the id opening the text gives a view: path and the method as the view spells it', () => {
    const post = endpoint('x', '/pets', 'POST');
    expect(viewKey(post)).toBe(stableId('endpoint', '/pets', 'POST'));
    expect(viewKey({ ...post, webhook: true })).toBe(stableId('webhook', '/pets', 'POST'));
    expect(viewKey({ ...post, id: 'other' })).toBe(viewKey(post));
    const opened = parseOpenApi(
      'openapi: 3.0.1\ninfo: {title: t, version: "1"}\npaths:\n  /pets:\n    post:\n      responses: {"200": {description: ok}}\n',
    ).endpoints[0]!;
    expect(viewKey(opened)).toBe(opened.id);
  });
});
