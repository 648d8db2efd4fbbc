/**
 * A record's drafts become whole-view commands once (record-commands.ts), for the page's restore
 * and the restarted worker alike: applied in order to the opened views they give the record's
 * form, and no field is diffed.
 */
import { describe, expect, it } from 'vitest';
import { createEndpoint } from '../../../src/app/model/endpoint-ops';
import type { DocumentCommand, Endpoint } from '../../../src/shared/openapi';
import { newDocumentMeta } from '../../../src/shared/openapi/document/meta';
import {
  formCommands,
  recordCommands,
  schemaCommands,
} from '../../../src/shared/workspace/record-commands';
import type { KeptViewState } from '../../../src/shared/workspace/record-keeper';

function view(id: string, summary = ''): Endpoint {
  return { ...createEndpoint(false), id, path: `/${id}`, summary };
}

/** The commands applied to a list of views, as the page's stores apply them. */
function applied(views: readonly Endpoint[], commands: readonly DocumentCommand[]): Endpoint[] {
  let out = [...views];
  for (const command of commands) {
    switch (command.kind) {
      case 'removeEndpoint':
        out = out.filter((v) => v.id !== command.endpointId);
        break;
      case 'putEndpoint':
        out = out.map((v) => (v.id === command.endpoint.id ? command.endpoint : v));
        break;
      case 'addEndpoint':
        out.splice(command.index ?? out.length, 0, command.endpoint);
        break;
      case 'moveEndpoint': {
        const moved = out.find((v) => v.id === command.endpointId) as Endpoint;
        out = out.filter((v) => v !== moved);
        out.splice(command.index, 0, moved);
        break;
      }
      default:
        throw new Error(`unexpected ${command.kind}`);
    }
  }
  return out;
}

const ids = (views: readonly Endpoint[]) => views.map((v) => v.id);

describe('formCommands', () => {
  it('removes, puts, adds and moves whole views to make the record’s form', () => {
    const [a, b, c] = [view('a'), view('b'), view('c')];
    const edited = { ...c, summary: 'Edited' };
    const added = view('d', 'New');
    const state: KeptViewState = {
      v: 2,
      form: { order: ['c', 'd', 'a'], drafts: [edited, added] },
    };
    const commands = formCommands(ids([a, b, c]), state);
    expect(commands.map((command) => command.kind)).toEqual([
      'removeEndpoint',
      'putEndpoint',
      'addEndpoint',
      'moveEndpoint',
      'moveEndpoint',
    ]);
    expect(applied([a, b, c], commands)).toEqual([edited, added, a]);
  });

  it('sends nothing for a form that is the opened views, or a view state without a form', () => {
    const views = [view('a'), view('b')];
    expect(formCommands(ids(views), { v: 2, form: { order: ['a', 'b'], drafts: [] } })).toEqual([]);
    expect(formCommands(ids(views), { v: 2 })).toEqual([]);
  });

  it('names the text’s views by the ids of the session the record came from', () => {
    const [a, b] = [view('renamed'), view('b')];
    const state: KeptViewState = {
      v: 2,
      ids: { 'endpoint:get:/old': 'renamed' },
      form: { order: ['b', 'endpoint:get:/old'], drafts: [] },
    };
    const commands = formCommands(ids([a, b]), state);
    expect(applied([a, b], commands)).toEqual([b, a]);
  });

  it('keeps a view of the text the order does not name after its neighbour', () => {
    const [a, b, c] = [view('a'), view('b'), view('c')];
    const state: KeptViewState = { v: 2, form: { order: ['c', 'zzz', 'a'], drafts: [] } };
    expect(applied([a, b, c], formCommands(ids([a, b, c]), state))).toEqual([c, a, b]);
  });

  it('lays the document panel’s draft over the text’s, but leaves the schemas out', () => {
    const meta = { ...newDocumentMeta(), title: 'Draft' };
    const state: KeptViewState = {
      v: 2,
      form: { order: ['a'], drafts: [], meta, schemas: { New: { type: 'string' } } },
    };
    expect(formCommands(['a'], state)).toEqual([{ kind: 'setMeta', meta }]);
  });
});

describe('schemaCommands', () => {
  it('turns a draft schema set into removes and sets over the document’s', () => {
    const kept = { type: 'string' } as const;
    expect(
      schemaCommands({ Kept: kept, Gone: { type: 'number' } }, { Kept: { ...kept }, New: kept }),
    ).toEqual([
      { kind: 'removeSchema', name: 'Gone' },
      { kind: 'setSchema', name: 'New', schema: kept },
    ]);
  });
});

describe('recordCommands', () => {
  it('is the form’s commands, then the schemas’ when they were a draft', () => {
    const meta = { ...newDocumentMeta(), title: 'Draft' };
    const state: KeptViewState = {
      v: 2,
      form: { order: ['b'], drafts: [], meta, schemas: { New: { type: 'string' } } },
    };
    expect(recordCommands(['a', 'b'], state, { Old: { type: 'number' } })).toEqual([
      { kind: 'removeEndpoint', endpointId: 'a' },
      { kind: 'setMeta', meta },
      { kind: 'removeSchema', name: 'Old' },
      { kind: 'setSchema', name: 'New', schema: { type: 'string' } },
    ]);
  });
});
