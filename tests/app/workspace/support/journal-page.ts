/**
 * A page of the browser's own workspace as useWorkspace plays it, without React: the form
 * changes by commands as the editor applies them (and queues them), the core stores the record
 * with the page's part ({@link PageViewSender}), leaving writes the journal of the client's
 * commands, and a restore opens the stored record and replays the journal over it.
 */
import { expect } from 'vitest';
import { GeneratorClient } from '../../../../src/app/core/generator-client';
import { createEndpoint, markLoaded } from '../../../../src/app/model/endpoint-ops';
import {
  clearJournal,
  journalLoss,
  journalReplay,
  recordWithJournal,
  writeJournal,
  type JournalReplay,
} from '../../../../src/app/workspace/journal';
import { PageViewSender, type PageSide } from '../../../../src/app/workspace/page-view';
import { restoreWorkspace, type RestoredWorkspace } from '../../../../src/app/workspace/restore';
import { EMPTY_VIEW_STATE, readViewState } from '../../../../src/app/workspace/view-state';
import type { MemoryWorkspaceStore } from '../../../../src/app/workspace/workspace-store';
import {
  applyToView,
  type DocumentCommand,
  type Endpoint,
  type EndpointCommand,
} from '../../../../src/shared/openapi';
import { baseDialect } from '../../../../src/shared/openapi/versions';
import type { StoredRecord } from '../../../../src/shared/workspace/record-keeper';
import { formEdits } from './form-edits';

export const NAME = 'local';

export interface JournalPage {
  form: Endpoint[];
  collapsed: Set<string>;
  output: string | undefined;
  reads: number;
  syncs: number;
  pageView: PageViewSender;
  baseRevision: number | null;
  apply(commands: readonly DocumentCommand[]): void;
  set(next: Endpoint[]): void;
  side: PageSide;
  keep(name?: string): Promise<StoredRecord | undefined>;
  leave(name?: string): boolean;
}

/** A page over `client`: its form changes by commands (as the editor applies them) and queues them. */
export function pageOf(client: GeneratorClient, views: Endpoint[]): JournalPage {
  const pageView = new PageViewSender();
  const page: JournalPage = {
    form: views,
    collapsed: new Set<string>(),
    /** The output editor's text (undefined: no editor). */
    output: undefined as string | undefined,
    /** Reads of the output editor's text in slices. */
    reads: 0,
    /** The record's syncs of the form. */
    syncs: 0,
    pageView,
    /** A project's: the server revision its record is based on. */
    baseRevision: null as number | null,
    /** The editor object's `apply`: the form changes at once, the command is queued. */
    apply(commands: readonly DocumentCommand[]) {
      for (const command of commands) {
        if (command.kind === 'addEndpoint') {
          const index = command.index ?? page.form.length;
          page.form = [...page.form.slice(0, index), command.endpoint, ...page.form.slice(index)];
          client.queue({ command: { ...command, index }, after: command.endpoint });
        } else if (command.kind === 'putEndpoint') {
          page.form = page.form.map((e) => (e.id === command.endpoint.id ? command.endpoint : e));
          client.queue({ command });
        } else if (command.kind === 'removeEndpoint' || command.kind === 'moveEndpoint') {
          const moved = page.form.find((e) => e.id === command.endpointId) as Endpoint;
          page.form = page.form.filter((e) => e !== moved);
          if (command.kind === 'moveEndpoint') page.form.splice(command.index, 0, moved);
          client.queue({ command });
        } else if (command.kind === 'setMeta') {
          client.queue({ command });
        } else {
          const edit = command as EndpointCommand;
          const before = page.form.find((e) => e.id === edit.endpointId);
          if (before === undefined) continue;
          const after = applyToView(before, edit, baseDialect());
          page.form = page.form.map((e) => (e === before ? after : e));
          client.queue({ command, before, after });
        }
      }
    },
    /** A whole-form change, as whole-view commands (a control's edit in the tests' shorthand). */
    set(next: Endpoint[]) {
      for (const command of formEdits(page.form, next)) client.queue({ command });
      page.form = next;
    },
    side: {
      collapsed: () => page.form.filter((e) => page.collapsed.has(e.id)).map((e) => e.id),
      readOutput: () => {
        page.reads += 1;
        return Promise.resolve(page.output);
      },
      outputNow: () => page.output,
      sync: async () => {
        page.syncs += 1;
        await client.sync();
      },
    },
    /** The debounced store (useWorkspace's keepNow): a journal behind it is cleared. */
    keep: async (name = NAME) => {
      const stored = await pageView.store(client, page.side);
      if (stored !== undefined) clearJournal(name, stored.savedAt);
      return stored;
    },
    /** Leaves the page as pagehide does: the journal is written at once; answers whether all was kept. */
    leave(name = NAME): boolean {
      return writeJournal(name, pageView.journal(client, page.side, page.baseRevision));
    },
  };
  return page;
}

/**
 * Shows the stored record as useWorkspace's restore does (`text` when the store has none):
 * answers the page, its client, the journal replayed and the loss said.
 */
export async function restore(store: MemoryWorkspaceStore, text?: string) {
  const client = new GeneratorClient({ createWorker: undefined });
  const record = await recordWithJournal(store, NAME);
  const journal: JournalReplay | undefined = journalReplay(NAME, record);
  const lost = journalLoss(NAME, record);
  const shown: RestoredWorkspace = await restoreWorkspace(
    client,
    record?.text ?? text ?? '',
    record === undefined ? EMPTY_VIEW_STATE : readViewState(record.viewState),
    { hold: true },
  );
  markLoaded(shown.opened);
  client.releaseHold();
  const page = pageOf(client, shown.opened);
  page.apply(shown.drafts);
  if (shown.endpoints.length === 0 && journal === undefined) {
    page.apply([{ kind: 'addEndpoint', endpoint: createEndpoint(true) }]);
  }
  page.output = shown.output;
  client.keepRecord({ name: NAME, baseRevision: null }, store);
  if (record !== undefined) client.recordBase(record.savedAt);
  if (journal !== undefined) {
    page.apply(journal.commands);
    page.collapsed = new Set(journal.collapsed);
    if (journal.output !== undefined) page.output = journal.output;
  }
  return { client, page, journal, lost, shown };
}

/** A page that opened `text` and stored its first record. */
export async function started(store: MemoryWorkspaceStore, text: string) {
  const opened = await restore(store, text);
  expect(await opened.page.keep()).toBeDefined();
  return opened;
}

export const set = (
  endpointId: string,
  field: 'summary' | 'path',
  value: string,
): EndpointCommand => ({ kind: 'setField', endpointId, field, value }) as EndpointCommand;
