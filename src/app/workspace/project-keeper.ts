/**
 * A project's record as project sync reaches it: the document's core keeps it
 * (src/shared/workspace/record-keeper.ts), the page's side is useWorkspace.
 */
import type { RevisionReason } from '../../shared/projects';

/** An upload body built by the document's core (a Blob), or a small one built on the page. */
export type UploadBody = Blob | string;

/** Records are named by when they were stored (`savedAt`). */
export interface ProjectKeeper {
  /** The records written from now on are this project's, based on `revision`, pending. */
  target(revision: number): void;
  /** Stores the record as the page is now; answers its `savedAt` (undefined: none stored). */
  record(): Promise<number | undefined>;
  /** The upload body of the record stored last, with `fields` (a save's reason, a name). */
  body(fields: {
    revisionReason?: RevisionReason;
    editSession?: string;
    name?: string;
  }): Promise<{ body: UploadBody; savedAt: number; bytes: number } | undefined>;
  /** The server is at `revision`, and has the record stored at `savedAt` when given. */
  sent(revision: number, savedAt?: number): Promise<void>;
  /** Calls `listener` with the `savedAt` of every record the page has stored. */
  subscribe(listener: (savedAt: number) => void): () => void;
  /** This project's records are no longer written (the page leaves it). */
  release(): void;
}
