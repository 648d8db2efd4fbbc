/**
 * The document panel's controls edit by command: each control gives the editor one small
 * command that names its place (a title, a server's URL, a tag, a scheme, a schema), never the
 * panel or an endpoint whole; the stores change by the same functions the session runs.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DocumentPanel } from '../../../src/app/generator/document/DocumentPanel';
import { DocumentContext, DocumentStore } from '../../../src/app/model/document-store';
import { EndpointStore } from '../../../src/app/model/endpoint-store';
import { createEndpoint } from '../../../src/app/model/endpoint-ops';
import { metaCommands } from '../../../src/app/model/meta-commands';
import {
  isEndpointCommand,
  isMetaCommand,
  isSchemaCommand,
  type DocumentCommand,
  type DocumentMeta,
} from '../../../src/shared/openapi';
import { renderWithProviders } from './helpers';

vi.setConfig({ testTimeout: 30_000 });

/** The panel inside a page context whose apply records every batch and applies it. */
function renderPanel(meta: DocumentMeta, schemas = {}) {
  const store = new DocumentStore(meta, schemas);
  const endpoints = new EndpointStore([createEndpoint(false)]);
  const batches: DocumentCommand[][] = [];
  const apply = (commands: readonly DocumentCommand[]) => {
    batches.push([...commands]);
    endpoints.applyCommands(commands.filter(isEndpointCommand), 'openapi-3.0' as never);
    store.applyCommands(commands.filter((c) => isMetaCommand(c) || isSchemaCommand(c)) as never);
  };
  renderWithProviders(
    <DocumentContext.Provider value={{ document: store, apply }}>
      <DocumentPanel store={store} endpoints={endpoints} />
    </DocumentContext.Provider>,
  );
  return { store, batches };
}

const META: DocumentMeta = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1', description: 'x'.repeat(4000) },
  servers: [{ url: 'https://a.example' }, { url: 'https://b.example' }],
  tags: [{ name: 'pets' }, { name: 'owners' }],
};

/** The one command of the last batch, and its size. */
function lastCommand(batches: DocumentCommand[][]): DocumentCommand {
  const batch = batches[batches.length - 1] ?? [];
  expect(batch).toHaveLength(1);
  const command = batch[0] as DocumentCommand;
  expect(JSON.stringify(command).length).toBeLessThan(1024);
  return command;
}

describe('document panel commands', () => {
  it('a title keystroke is one setMetaAt of the title (the long description stays home)', () => {
    const { store, batches } = renderPanel(META);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Pets!' } });
    expect(lastCommand(batches)).toEqual({
      kind: 'setMetaAt',
      path: ['info', 'title'],
      value: 'Pets!',
    });
    expect(store.getMeta().info.title).toBe('Pets!');
    expect(store.getMeta().info.description).toBe(META.info.description);
  });

  it("a server's URL is one setMetaAt at its index", () => {
    const { batches } = renderPanel(META);
    const servers = screen.getByTestId('doc-servers');
    const urls = servers.querySelectorAll('input[type=url]');
    fireEvent.change(urls[1] as HTMLElement, { target: { value: 'https://c.example' } });
    const command = lastCommand(batches);
    expect(command.kind).toBe('setMetaAt');
    expect((command as unknown as { path: unknown[] }).path.slice(0, 2)).toEqual(['servers', 1]);
  });

  it('a new schema and a schema edit are one setSchema each', () => {
    const { store, batches } = renderPanel(META, { Pet: { type: 'object', properties: {} } });
    fireEvent.click(screen.getByRole('button', { name: /Schemas/ }));
    fireEvent.click(screen.getByText('Add schema'));
    expect(lastCommand(batches)).toMatchObject({ kind: 'setSchema', name: 'NewSchema' });
    expect(Object.keys(store.getSchemas())).toEqual(['Pet', 'NewSchema']);
    const editor = screen.getByTestId('schema-editor');
    fireEvent.change(within(editor).getByLabelText('Description'), {
      target: { value: 'A new one' },
    });
    expect(lastCommand(batches)).toMatchObject({
      kind: 'setSchema',
      name: 'NewSchema',
      schema: { description: 'A new one' },
    });
  });
});

describe('metaCommands', () => {
  it('names the deepest place; one item added or removed is an insert or a remove', () => {
    const before = META;
    expect(metaCommands(before, { ...before, tags: [{ name: 'pets' }] })).toEqual([
      { kind: 'removeMetaAt', path: ['tags', 1] },
    ]);
    expect(
      metaCommands(before, { ...before, tags: [{ name: 'a' }, ...(before.tags ?? [])] }),
    ).toEqual([{ kind: 'insertMetaAt', path: ['tags', 0], value: { name: 'a' } }]);
    expect(metaCommands(before, { ...before, openapi: '3.1.0' })).toEqual([
      { kind: 'setMetaAt', path: ['openapi'], value: '3.1.0' },
    ]);
    // A key renamed in its place keeps its place: the map goes whole.
    const schemes = { a: { type: 'http', scheme: 'basic' }, b: { type: 'http', scheme: 'bearer' } };
    const renamed = { c: schemes.a, b: schemes.b };
    expect(
      metaCommands(
        { ...before, securitySchemes: schemes as never },
        { ...before, securitySchemes: renamed as never },
      ),
    ).toEqual([{ kind: 'setMetaAt', path: ['securitySchemes'], value: renamed }]);
  });
});
