import { describe, expect, it } from 'vitest';
import { PageViewSender, type PageSide } from '../../../src/app/workspace/page-view';
import type { JournalCommands } from '../../../src/app/core/generator-client';
import type { StoredRecord } from '../../../src/shared/workspace/record-keeper';

/** A client whose core stores every record; its journal is what the test says. */
function client(journal: () => JournalCommands | undefined) {
  let savedAt = 100;
  return {
    flushRecord: (): Promise<StoredRecord> =>
      Promise.resolve({
        savedAt: ++savedAt,
        revision: 1,
        current: true,
        textLength: 10,
        keeper: 'k',
        baseRevision: 1,
      }),
    journalCommands: journal,
  };
}

function pageSide(collapsed: string[], output = 'openapi: 3.0.1\n'): PageSide {
  return {
    collapsed: () => collapsed,
    readOutput: () => Promise.resolve(output),
    outputNow: () => output,
    sync: () => Promise.resolve(),
  };
}

describe('PageViewSender.carriesNothing (a page left with nothing since its stored record)', () => {
  const none: JournalCommands = { base: 101, commands: [], since: 1 };

  it('is true after a store when no command, output or panel changed since', async () => {
    const sender = new PageViewSender();
    const page = pageSide(['a']);
    const records = client(() => none);
    sender.outputChanged(); // the editor filled with the record's text
    await sender.store(records, page);
    expect(sender.carriesNothing(sender.journal(records, page, 1))).toBe(true);
  });

  it('is false with a command, a changed output, other panels, or before any store', async () => {
    const page = pageSide(['a']);
    const fresh = new PageViewSender();
    expect(
      fresh.carriesNothing(
        fresh.journal(
          client(() => none),
          page,
          1,
        ),
      ),
    ).toBe(false);

    const sender = new PageViewSender();
    await sender.store(
      client(() => none),
      page,
    );
    const edited: JournalCommands = {
      base: 101,
      commands: [{ kind: 'removeEndpoint', id: 'a' } as never],
      since: 1,
    };
    expect(
      sender.carriesNothing(
        sender.journal(
          client(() => edited),
          page,
          1,
        ),
      ),
    ).toBe(false);
    expect(
      sender.carriesNothing(
        sender.journal(
          client(() => undefined),
          page,
          1,
        ),
      ),
    ).toBe(false);
    expect(
      sender.carriesNothing(
        sender.journal(
          client(() => ({ commands: [], since: 1 })),
          page,
          1,
        ),
      ),
    ).toBe(false);
    expect(
      sender.carriesNothing(
        sender.journal(
          client(() => none),
          pageSide(['b']),
          1,
        ),
      ),
    ).toBe(false);
    sender.outputChanged();
    expect(
      sender.carriesNothing(
        sender.journal(
          client(() => none),
          page,
          1,
        ),
      ),
    ).toBe(false);
  });

  it('keeps the output in the journal while a store is still reading it (the page may go first)', async () => {
    const sender = new PageViewSender();
    const records = client(() => none);
    await sender.store(records, pageSide(['a']));
    let release: (text: string) => void = () => undefined;
    const reading: PageSide = {
      ...pageSide(['a'], 'openapi: 3.0.1\nx-note: typed\n'),
      readOutput: () => new Promise<string>((resolve) => (release = resolve)),
    };
    sender.outputChanged();
    const storing = sender.store(records, reading);
    const leaving = sender.journal(records, reading, null);
    expect(leaving.output).toBe('openapi: 3.0.1\nx-note: typed\n');
    expect(sender.carriesNothing(leaving)).toBe(false);
    release('openapi: 3.0.1\nx-note: typed\n');
    await storing;
    expect(sender.journal(records, reading, null).output).toBeUndefined();
  });
});
