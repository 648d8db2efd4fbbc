/**
 * The page's part of a workspace record (record-keeper.ts `PageView`): what only the screen
 * knows, sent to the document's core with each store when it changed — the collapsed panels, and
 * the output editor's text when the user changed it by hand. The core keeps the rest of the
 * record; the journal is the client's commands (journal.ts), so nothing here tracks which views
 * a text holds.
 */
import type { GeneratorClient } from '../core/generator-client';
import type { PageView, StoredRecord } from '../../shared/workspace/record-keeper';
import type { PageJournal } from './journal';

/** What the page's part is read from, and how the form reaches the worker's document. */
export interface PageSide {
  /** The ids of the panels shown collapsed, in the form's order. */
  collapsed(): string[];
  /** The output editor's text, read in slices; undefined while there is no editor. */
  readOutput(): Promise<string | undefined>;
  /** The output editor's text in one task (leaving the page); undefined without an editor. */
  outputNow(): string | undefined;
  /** Sends the queued commands to the worker's document (the editor object's `keepForm`). */
  sync(): Promise<unknown>;
}

type RecordClient = Pick<GeneratorClient, 'flushRecord' | 'journalCommands'>;

export class PageViewSender {
  /** The collapsed panels' ids the core got last (undefined: send them next time). */
  private sentCollapsed: string[] | undefined;
  /** The output editor changed since its text was last sent to the core. */
  private outputDirty = false;
  /**
   * The output editor shows the text the core answered last (Generate): the next record says so
   * instead of carrying the editor's text (a large one is read out of Monaco in slices).
   */
  private outputShown = false;
  /**
   * A store is reading or sending the output editor's text: until it is stored, a journal
   * written as the page goes away carries the text too (the store may never finish).
   */
  private outputSending = false;
  /** The output editor's text last sent (a new core gets it again). */
  private lastOutput: string | undefined;
  /** The keeper that answered the last store (a new one has not got what was sent before). */
  private keeper: string | undefined;
  /** A new core answered the last store: the next one, with what it missed, should follow soon. */
  resend = false;

  /** Another text is the document (a Load, a record shown): its core gets everything again. */
  reset(): void {
    this.sentCollapsed = undefined;
    this.lastOutput = undefined;
    this.keeper = undefined;
  }

  /**
   * Has the document's core store the record: the form synced, then the page's part sent with
   * the store. Answers what was stored (undefined: nothing).
   */
  async store(client: RecordClient, page: PageSide): Promise<StoredRecord | undefined> {
    const collapsed = page.collapsed();
    const view = await this.next(collapsed, () => page.readOutput());
    let stored: StoredRecord | undefined;
    try {
      await page.sync();
      stored = await client.flushRecord(view);
    } catch (failure) {
      this.settled(view, collapsed, undefined);
      throw failure;
    }
    this.settled(view, collapsed, stored);
    return stored;
  }

  /**
   * The journal's entry leaving the page (nothing async finishes): the client's commands since
   * the stored record, the panels, and the output editor's text when the core has not got it.
   */
  journal(client: RecordClient, page: PageSide, baseRevision: number | null): PageJournal {
    const entry: PageJournal = { journal: client.journalCommands(), collapsed: page.collapsed() };
    if (this.outputDirty || this.outputSending) {
      const output = page.outputNow();
      if (output !== undefined) entry.output = output;
    }
    if (baseRevision !== null) entry.baseRevision = baseRevision;
    return entry;
  }

  /**
   * Whether a journal entry holds nothing the stored record has not: no command since that
   * record, the output as the core has it, the panels as last sent.
   */
  carriesNothing(entry: PageJournal): boolean {
    const journal = entry.journal;
    const sent = this.sentCollapsed;
    return (
      journal !== undefined &&
      journal.base !== undefined &&
      journal.commands.length === 0 &&
      entry.output === undefined &&
      !this.outputDirty &&
      !this.outputSending &&
      sent !== undefined &&
      sameIds(sent, entry.collapsed)
    );
  }

  /** The output editor changed: its text goes to the core with the next record. */
  outputChanged(): void {
    this.outputDirty = true;
    this.outputShown = false;
  }

  /** The output editor now holds exactly the text the core answered with its last batch. */
  outputShowsAnswer(): void {
    this.outputDirty = false;
    this.outputShown = true;
  }

  /**
   * The view to send with the next store: the panels when they changed since last sent (1,223
   * ids of a large document are 30 KB a pause), the output when it did.
   */
  private async next(
    collapsed: string[],
    readOutput: () => Promise<string | undefined>,
  ): Promise<PageView> {
    const sent = this.sentCollapsed;
    const view: PageView = sent !== undefined && sameIds(sent, collapsed) ? {} : { collapsed };
    if (this.outputShown) {
      // Present and undefined: the core's record takes the text it answered (record-keeper.ts).
      this.outputShown = false;
      view.output = undefined;
      this.lastOutput = undefined;
    } else if (this.outputDirty) {
      this.outputDirty = false;
      this.outputSending = true;
      let output: string | undefined;
      try {
        output = await readOutput();
      } catch (failure) {
        this.outputSending = false;
        this.outputDirty = true;
        throw failure;
      }
      if (output !== undefined) {
        view.output = output;
        this.lastOutput = output;
      }
    }
    return view;
  }

  /**
   * The store `view` went with answered `stored` (undefined: nothing stored, or it failed): what
   * was not stored goes again, and a new core gets what it missed.
   */
  private settled(view: PageView, collapsed: string[], stored: StoredRecord | undefined): void {
    this.outputSending = false;
    if (stored === undefined) {
      if (view.output !== undefined) this.outputDirty = true;
      else if ('output' in view && !this.outputDirty) this.outputShown = true;
      this.sentCollapsed = undefined;
      return;
    }
    this.sentCollapsed = collapsed;
    if (this.keeper !== undefined && stored.keeper !== this.keeper) {
      // A new core (the worker restarted): what it was not sent this time goes again next time.
      if (view.collapsed === undefined) {
        this.sentCollapsed = undefined;
        this.resend = true;
      }
      if (this.lastOutput !== undefined && view.output === undefined) {
        this.outputDirty = true;
        this.resend = true;
      }
    }
    this.keeper = stored.keeper;
  }
}

/** The same ids in the same order. */
function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
