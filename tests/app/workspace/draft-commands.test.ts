/**
 * A restored view state's drafts become whole-view commands once (restore.ts `draftCommands`,
 * `schemaDraftCommands`): applied in order to the opened views they give the restored form, and
 * no field is diffed.
 */
import { describe, expect, it } from 'vitest';
import { createEndpoint } from '../../../src/app/model/endpoint-ops';
import { draftCommands, schemaDraftCommands } from '../../../src/app/workspace/restore';
import type { DocumentCommand, Endpoint } from '../../../src/shared/openapi';

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

describe('draftCommands', () => {
  it('removes, puts, adds and moves whole views to make the restored form', () => {
    const [a, b, c] = [view('a'), view('b'), view('c')];
    const edited = { ...c, summary: 'Edited' };
    const added = view('d', 'New');
    const form = [edited, added, a];
    const commands = draftCommands([a, b, c], form);
    expect(commands.map((command) => command.kind)).toEqual([
      'removeEndpoint',
      'putEndpoint',
      'addEndpoint',
      'moveEndpoint',
      'moveEndpoint',
    ]);
    expect(applied([a, b, c], commands)).toEqual(form);
  });

  it('sends nothing for a form that is the opened views', () => {
    const views = [view('a'), view('b')];
    expect(draftCommands(views, views)).toEqual([]);
  });

  it('turns a draft schema set into removes and sets over the document’s', () => {
    const kept = { type: 'string' } as const;
    expect(
      schemaDraftCommands({ Kept: kept, Gone: { type: 'number' } }, { Kept: kept, New: kept }),
    ).toEqual([
      { kind: 'removeSchema', name: 'Gone' },
      { kind: 'setSchema', name: 'New', schema: kept },
    ]);
  });
});
