import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { heavyTurn } from '../turns';
import {
  AUTOSAVE_STRETCH_MS,
  HISTORY_DAYS,
  REVISIONS_LISTED_MAX,
  type RevisionReason,
} from '../../shared/projects';

export interface ProjectSummaryRow {
  id: string;
  name: string;
  endpoint_count: number;
  size: number;
  revision: number;
  updated_at: Date;
}

/** A project with its view state as JSON text (never parsed on the way through). */
export interface ProjectRow extends ProjectSummaryRow {
  content: string;
  view_state: string | null;
  ruleset: string | null;
  ruleset_revision: number;
}

/** A project's ruleset (migration 009): a setting with a revision of its own. */
export interface RulesetRow {
  ruleset: string | null;
  ruleset_revision: number;
}

/** Why a ruleset save was refused: no such project, or based on another ruleset revision. */
export type RulesetOutcome =
  | { ok: true; rulesetRevision: number; updatedAt: Date }
  | { ok: false; reason: 'missing' }
  | ({ ok: false; reason: 'stale' } & RulesetRow);

/** A version in a project's history. */
export interface ProjectRevisionRow {
  revision: number;
  size: number;
  created_at: Date;
  saved_at: Date;
  reason: RevisionReason;
  name: string | null;
}

export interface ProjectWrite {
  content: string;
  /** JSON text of the view state, or null. */
  viewState: string | null;
  size: number;
  endpointCount: number;
}

/** Why a save is made and by whom: autosaves of one session are folded into one version. */
export interface SaveIntent {
  reason: RevisionReason;
  /** The editing session (a tab); without one, every save is a version of its own. */
  session: string | undefined;
}

/** The account's byte quota at the moment of a write. */
export interface QuotaRefusal {
  ok: false;
  reason: 'quota';
  used: number;
  quota: number;
}

/** Why a create was refused. */
export type CreateOutcome =
  { ok: true; id: string; revision: number } | { ok: false; reason: 'count' } | QuotaRefusal;

/** Why an update was refused: no such project (of this owner), based on an old revision, quota. */
export type UpdateOutcome =
  | { ok: true; revision: number; updatedAt: Date; folded: boolean }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'stale'; revision: number }
  | QuotaRefusal;

const SUMMARY = 'id, name, endpoint_count, size, revision, updated_at';
const DAY_MS = 86_400_000;

/**
 * Most UTF-16 units in one stored part, and in one statement that writes parts. On the
 * embedded database a statement runs in the server's thread; 256 Ki characters take it
 * 5–15 ms, where a 10 MiB text in one statement took 150–450 ms.
 */
export const PART_CHARS = 256 * 1024;
/** Parts read by one statement (about 1 MiB). */
const PARTS_PER_READ = 4;
/** An upload older than this belongs to a save that failed or died: its parts are swept. */
const UPLOAD_STALE_MS = 3_600_000;

/** Splits a text into parts of at most `max` UTF-16 units, never inside a surrogate pair. */
export function splitText(text: string, max = PART_CHARS): string[] {
  const parts: string[] = [];
  let start = 0;
  while (text.length - start > max) {
    let end = start + max;
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(text.slice(start, end));
    start = end;
  }
  parts.push(text.slice(start));
  return parts;
}

/** A version's texts as stored: its content's parts, then its view state's. */
interface Snapshot {
  id: string;
  contentParts: number;
  viewParts: number;
  pieces: string[];
}

function snapshotOf(write: ProjectWrite): Snapshot {
  const content = splitText(write.content);
  const view = write.viewState === null ? [] : splitText(write.viewState);
  return {
    id: randomUUID(),
    contentParts: content.length,
    viewParts: view.length,
    pieces: [...content, ...view],
  };
}

/** A snapshot larger than one statement's worth is uploaded before the save's transaction. */
const uploaded = (snapshot: Snapshot): boolean =>
  snapshot.pieces.reduce((sum, piece) => sum + piece.length, 0) > PART_CHARS;

/** Where a version's texts are: its snapshot and how many parts each text has. */
interface SnapshotRef {
  snapshot: string;
  content_parts: number;
  view_parts: number;
}
/**
 * Projects of one owner each: every query names the owner, so another user's project is
 * indistinguishable from a missing one. Saves are optimistic (the stored revision must be one
 * the save names) and serialized per account (the owner's row is locked), which keeps the
 * byte quota exact: everything stored counts — each project's content and view state, and
 * every version in its history (the current one included), in UTF-8 bytes.
 */
export function createProjectsRepository(db: Db) {
  /** Bytes the owner stores now: projects plus history. */
  async function usage(tx: Db, ownerId: string): Promise<number> {
    const { rows } = await tx.query<{ used: string }>(
      `SELECT (SELECT COALESCE(sum(size), 0) FROM projects WHERE owner_id = $1)
            + (SELECT COALESCE(sum(r.size), 0)
                 FROM project_revisions r JOIN projects p ON p.id = r.project_id
                WHERE p.owner_id = $1) AS used`,
      [ownerId],
    );
    return Number(rows[0]?.used ?? 0);
  }

  /**
   * Makes room for `extra` more bytes under `quota`: when the owner would be over it, the
   * oldest unnamed versions that are no project's current one are pruned until it fits. When
   * pruning all of them would not make room, nothing is pruned and the refusal is answered.
   */
  async function makeRoom(
    tx: Db,
    ownerId: string,
    extra: number,
    quota: number,
  ): Promise<QuotaRefusal | undefined> {
    const used = await usage(tx, ownerId);
    const over = used + extra - quota;
    if (over <= 0) return undefined;
    const { rows } = await tx.query<{ prunable: string }>(
      `SELECT COALESCE(sum(r.size), 0) AS prunable
         FROM project_revisions r JOIN projects p ON p.id = r.project_id
        WHERE p.owner_id = $1 AND r.name IS NULL AND r.revision <> p.revision`,
      [ownerId],
    );
    if (Number(rows[0]?.prunable ?? 0) < over) {
      return { ok: false, reason: 'quota', used, quota };
    }
    await tx.query(
      `WITH candidates AS (
         SELECT r.project_id, r.revision, r.size,
                sum(r.size) OVER (ORDER BY r.saved_at, r.project_id, r.revision) AS running
           FROM project_revisions r JOIN projects p ON p.id = r.project_id
          WHERE p.owner_id = $1 AND r.name IS NULL AND r.revision <> p.revision
       )
       DELETE FROM project_revisions r
        USING candidates c
        WHERE r.project_id = c.project_id AND r.revision = c.revision
          AND c.running - c.size < $2`,
      [ownerId, over],
    );
    return undefined;
  }

  /** Drops the project's unnamed versions older than the retention, except the current one. */
  async function pruneOld(tx: Db, id: string, current: number, now: Date): Promise<void> {
    await tx.query(
      `DELETE FROM project_revisions
        WHERE project_id = $1 AND name IS NULL AND revision <> $2 AND saved_at < $3`,
      [id, current, new Date(now.getTime() - HISTORY_DAYS * DAY_MS)],
    );
  }

  /**
   * Whether every save after the latest of `baseRevisions` was made by `session` (and there was
   * one): a version holds the saves folded into it, and a save of another session always starts
   * a version of its own, so the versions after the base tell who wrote since.
   */
  async function onlyOwnSince(
    tx: Db,
    id: string,
    baseRevisions: number[],
    session: string | undefined,
  ): Promise<boolean> {
    if (session === undefined || baseRevisions.length === 0) return false;
    const { rows } = await tx.query<{ versions: number; others: number }>(
      `SELECT count(*)::int AS versions,
              count(*) FILTER (WHERE session IS DISTINCT FROM $3)::int AS others
         FROM project_revisions WHERE project_id = $1 AND revision > $2`,
      [id, Math.max(...baseRevisions), session],
    );
    const found = rows[0];
    return found !== undefined && found.versions > 0 && found.others === 0;
  }

  async function count(ownerId: string): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM projects WHERE owner_id = $1',
      [ownerId],
    );
    return rows[0]?.n ?? 0;
  }

  /** Records a new version of the project, its texts in `snapshot` (written already). */
  async function insertRevision(
    tx: Db,
    id: string,
    revision: number,
    snapshot: Snapshot,
    size: number,
    intent: SaveIntent,
    now: Date,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO project_revisions
         (project_id, revision, snapshot, content_parts, view_parts, size, created_at, saved_at,
          reason, session)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9)`,
      [
        id,
        revision,
        snapshot.id,
        snapshot.contentParts,
        snapshot.viewParts,
        size,
        now,
        intent.reason,
        intent.session ?? null,
      ],
    );
  }

  /**
   * Writes the snapshot's parts, as many per statement as add up to PART_CHARS; each
   * statement of an upload in a turn of its own (see heavyTurn).
   */
  async function writeParts(target: Db, snapshot: Snapshot, inTurns: boolean): Promise<void> {
    let part = 0;
    while (part < snapshot.pieces.length) {
      if (inTurns) await heavyTurn();
      const rows: string[] = [];
      const params: unknown[] = [snapshot.id];
      let chars = 0;
      do {
        const piece = snapshot.pieces[part]!;
        params.push(part, piece);
        rows.push(`($1, $${params.length - 1}, $${params.length})`);
        chars += piece.length;
        part += 1;
      } while (
        part < snapshot.pieces.length &&
        chars + snapshot.pieces[part]!.length <= PART_CHARS
      );
      await target.query(
        `INSERT INTO project_parts (snapshot, part, piece) VALUES ${rows.join(', ')}`,
        params,
      );
    }
  }

  /**
   * Writes a large snapshot's parts ahead of its save, each statement on its own, so that
   * other requests' statements run between them. Leftovers of failed saves are swept first.
   */
  async function upload(snapshot: Snapshot, now: Date): Promise<void> {
    const { rows: stale } = await db.query<{ snapshot: string }>(
      'SELECT snapshot FROM project_uploads WHERE started_at < $1 LIMIT 10',
      [new Date(now.getTime() - UPLOAD_STALE_MS)],
    );
    for (const row of stale) await discard(row.snapshot);
    await db.query('INSERT INTO project_uploads (snapshot, started_at) VALUES ($1, $2)', [
      snapshot.id,
      now,
    ]);
    try {
      await writeParts(db, snapshot, true);
    } catch (error) {
      await discard(snapshot.id).catch(() => undefined);
      throw error;
    }
  }

  /** Drops an upload whose save did not happen (its parts, unless a version names them). */
  async function discard(snapshot: string): Promise<void> {
    await db.query(
      `DELETE FROM project_parts
        WHERE snapshot = $1
          AND NOT EXISTS (SELECT 1 FROM project_revisions WHERE snapshot = $1)`,
      [snapshot],
    );
    await db.query('DELETE FROM project_uploads WHERE snapshot = $1', [snapshot]);
  }

  /**
   * Inside the save's transaction: the snapshot's parts are written now (a small one), or
   * its upload is claimed (a large one, whose parts are already there).
   */
  async function store(tx: Db, snapshot: Snapshot): Promise<void> {
    if (!uploaded(snapshot)) {
      await writeParts(tx, snapshot, false);
      return;
    }
    const { rows } = await tx.query(
      'DELETE FROM project_uploads WHERE snapshot = $1 RETURNING snapshot',
      [snapshot.id],
    );
    // Swept as stale by another save: its parts may be gone.
    if (rows.length === 0) throw new Error('The upload of this save expired');
  }

  /** Runs a save whose snapshot may have been uploaded; a refused or failed one drops it. */
  async function saving<T extends { ok: boolean }>(
    snapshot: Snapshot,
    save: () => Promise<T>,
  ): Promise<T> {
    if (!uploaded(snapshot)) return save();
    let outcome: T;
    try {
      outcome = await save();
    } catch (error) {
      await discard(snapshot.id).catch(() => undefined);
      throw error;
    }
    if (!outcome.ok) await discard(snapshot.id);
    return outcome;
  }

  /**
   * A snapshot's content and view state, read a few parts per statement; undefined when its
   * parts are gone meanwhile (the version was pruned, or an autosave was folded into it).
   */
  async function readSnapshot(
    ref: SnapshotRef,
  ): Promise<{ content: string; view_state: string | null } | undefined> {
    const total = ref.content_parts + ref.view_parts;
    const pieces: string[] = [];
    while (pieces.length < total) {
      if (total > PARTS_PER_READ) await heavyTurn();
      const from = pieces.length;
      const to = Math.min(total, from + PARTS_PER_READ);
      const { rows } = await db.query<{ piece: string }>(
        `SELECT piece FROM project_parts
          WHERE snapshot = $1 AND part >= $2 AND part < $3 ORDER BY part`,
        [ref.snapshot, from, to],
      );
      if (rows.length !== to - from) return undefined;
      for (const row of rows) pieces.push(row.piece);
    }
    return {
      content: pieces.slice(0, ref.content_parts).join(''),
      view_state: ref.view_parts === 0 ? null : pieces.slice(ref.content_parts).join(''),
    };
  }

  /**
   * Reads a version's row and then its texts, again when a concurrent save released the
   * snapshot in between (each attempt names the snapshot current at that moment).
   */
  async function readWithTexts<R extends SnapshotRef>(
    readRow: () => Promise<R | undefined>,
  ): Promise<(R & { content: string; view_state: string | null }) | undefined> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const row = await readRow();
      if (!row) return undefined;
      const texts = await readSnapshot(row);
      if (texts) return { ...row, ...texts };
    }
    throw new Error('The project kept changing while it was read');
  }

  return {
    async list(ownerId: string): Promise<ProjectSummaryRow[]> {
      const { rows } = await db.query<ProjectSummaryRow>(
        `SELECT ${SUMMARY} FROM projects WHERE owner_id = $1 ORDER BY updated_at DESC, id`,
        [ownerId],
      );
      return rows;
    },

    count(ownerId: string): Promise<number> {
      return count(ownerId);
    },

    /** Bytes the owner stores: every project plus every version kept (UTF-8). */
    usage(ownerId: string): Promise<number> {
      return usage(db, ownerId);
    },

    async get(ownerId: string, id: string): Promise<ProjectRow | undefined> {
      const row = await readWithTexts(async () => {
        const { rows } = await db.query<ProjectSummaryRow & RulesetRow & SnapshotRef>(
          `SELECT p.id, p.name, p.endpoint_count, p.size, p.revision, p.updated_at,
                  p.ruleset, p.ruleset_revision, r.snapshot, r.content_parts, r.view_parts
             FROM projects p
             JOIN project_revisions r ON r.project_id = p.id AND r.revision = p.revision
            WHERE p.id = $1 AND p.owner_id = $2`,
          [id, ownerId],
        );
        return rows[0];
      });
      if (!row) return undefined;
      const { snapshot: _s, content_parts: _c, view_parts: _v, ...project } = row;
      return project;
    },

    async getRuleset(ownerId: string, id: string): Promise<RulesetRow | undefined> {
      const { rows } = await db.query<RulesetRow>(
        'SELECT ruleset, ruleset_revision FROM projects WHERE id = $1 AND owner_id = $2',
        [id, ownerId],
      );
      return rows[0];
    },

    /**
     * Sets the ruleset (null: the default) when its stored revision is one of `baseRevisions`
     * (undefined: any). The document's revision and history are left alone; the project's
     * `updated_at` moves (it was changed).
     */
    async setRuleset(
      ownerId: string,
      id: string,
      baseRevisions: number[] | undefined,
      ruleset: string | null,
      now: Date,
    ): Promise<RulesetOutcome> {
      return db.transaction(async (tx): Promise<RulesetOutcome> => {
        const { rows: found } = await tx.query<RulesetRow>(
          `SELECT ruleset, ruleset_revision FROM projects
            WHERE id = $1 AND owner_id = $2 FOR UPDATE`,
          [id, ownerId],
        );
        const current = found[0];
        if (!current) return { ok: false, reason: 'missing' };
        if (baseRevisions !== undefined && !baseRevisions.includes(current.ruleset_revision)) {
          return { ok: false, reason: 'stale', ...current };
        }
        const { rows } = await tx.query<{ ruleset_revision: number; updated_at: Date }>(
          `UPDATE projects
              SET ruleset = $3, ruleset_revision = ruleset_revision + 1, updated_at = $4
            WHERE id = $1 AND owner_id = $2
        RETURNING ruleset_revision, updated_at`,
          [id, ownerId, ruleset, now],
        );
        const saved = rows[0]!;
        return { ok: true, rulesetRevision: saved.ruleset_revision, updatedAt: saved.updated_at };
      });
    },

    /**
     * Creates a project at revision 1 unless the owner already has `maxProjects` or it does
     * not fit the quota (both counted under a lock on the owner's row, so two concurrent
     * creates cannot both pass a limit).
     */
    async create(
      ownerId: string,
      name: string,
      write: ProjectWrite,
      limits: { maxProjects: number; quotaBytes: number },
      now: Date,
      ruleset: string | null = null,
    ): Promise<CreateOutcome> {
      const snapshot = snapshotOf(write);
      if (uploaded(snapshot)) {
        if ((await count(ownerId)) >= limits.maxProjects) return { ok: false, reason: 'count' };
        await upload(snapshot, now);
      }
      return saving(snapshot, () =>
        db.transaction(async (tx): Promise<CreateOutcome> => {
          await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [ownerId]);
          const { rows } = await tx.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM projects WHERE owner_id = $1',
            [ownerId],
          );
          if ((rows[0]?.n ?? 0) >= limits.maxProjects) return { ok: false, reason: 'count' };
          // The project and its first version.
          const refused = await makeRoom(tx, ownerId, write.size * 2, limits.quotaBytes);
          if (refused) return refused;
          const id = randomUUID();
          await tx.query(
            `INSERT INTO projects
               (id, owner_id, name, revision, size, endpoint_count, created_at, updated_at,
                ruleset, ruleset_revision)
             VALUES ($1, $2, $3, 1, $4, $5, $6, $6, $7, $8)`,
            [id, ownerId, name, write.size, write.endpointCount, now, ruleset, ruleset ? 1 : 0],
          );
          await store(tx, snapshot);
          await insertRevision(
            tx,
            id,
            1,
            snapshot,
            write.size,
            { reason: 'create', session: undefined },
            now,
          );
          return { ok: true, id, revision: 1 };
        }),
      );
    },

    /**
     * Saves a new revision when the stored one is one of `baseRevisions` (undefined: any), or
     * when every save after them was made by the same editing session (a tab never conflicts
     * with itself: its save whose answer was lost, a reload under way, is not another writer).
     * The project's row is locked while checked and written, so of two writers based on the
     * same revision exactly one wins; the other learns the current revision. Every save gets a
     * new revision number (the entity tag); an autosave of the session that started the
     * current version less than {@link AUTOSAVE_STRETCH_MS} ago is folded into that version.
     */
    async update(
      ownerId: string,
      id: string,
      baseRevisions: number[] | undefined,
      write: ProjectWrite,
      name: string | undefined,
      intent: SaveIntent,
      quotaBytes: number,
      now: Date,
    ): Promise<UpdateOutcome> {
      const snapshot = snapshotOf(write);
      if (uploaded(snapshot)) {
        // A save that would be refused anyway does not upload its megabytes first.
        const { rows } = await db.query<{ revision: number }>(
          'SELECT revision FROM projects WHERE id = $1 AND owner_id = $2',
          [id, ownerId],
        );
        const stored = rows[0];
        if (!stored) return { ok: false, reason: 'missing' };
        if (
          baseRevisions !== undefined &&
          !baseRevisions.includes(stored.revision) &&
          !(await onlyOwnSince(db, id, baseRevisions, intent.session))
        ) {
          return { ok: false, reason: 'stale', revision: stored.revision };
        }
        await upload(snapshot, now);
      }
      return saving(snapshot, () =>
        db.transaction(async (tx): Promise<UpdateOutcome> => {
          await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [ownerId]);
          const { rows: found } = await tx.query<{ revision: number; size: number }>(
            'SELECT revision, size FROM projects WHERE id = $1 AND owner_id = $2 FOR UPDATE',
            [id, ownerId],
          );
          const current = found[0];
          if (!current) return { ok: false, reason: 'missing' };
          if (
            baseRevisions !== undefined &&
            !baseRevisions.includes(current.revision) &&
            !(await onlyOwnSince(tx, id, baseRevisions, intent.session))
          ) {
            return { ok: false, reason: 'stale', revision: current.revision };
          }
          const { rows: lastRows } = await tx.query<{
            revision: number;
            size: number;
            reason: string;
            name: string | null;
            session: string | null;
            created_at: Date;
          }>(
            `SELECT revision, size, reason, name, session, created_at FROM project_revisions
            WHERE project_id = $1 ORDER BY revision DESC LIMIT 1`,
            [id],
          );
          const last = lastRows[0];
          const age = last ? now.getTime() - last.created_at.getTime() : Infinity;
          const fold =
            intent.reason === 'autosave' &&
            intent.session !== undefined &&
            last !== undefined &&
            last.revision === current.revision &&
            last.reason === 'autosave' &&
            last.name === null &&
            last.session === intent.session &&
            age >= 0 &&
            age < AUTOSAVE_STRETCH_MS;
          const extra = write.size - current.size + (fold ? write.size - last.size : write.size);
          const refused = await makeRoom(tx, ownerId, extra, quotaBytes);
          if (refused) return refused;
          const { rows } = await tx.query<{ revision: number; updated_at: Date }>(
            `UPDATE projects
              SET size = $3, endpoint_count = $4, name = COALESCE($5, name),
                  revision = revision + 1, updated_at = $6
            WHERE id = $1 AND owner_id = $2
        RETURNING revision, updated_at`,
            [id, ownerId, write.size, write.endpointCount, name ?? null, now],
          );
          const saved = rows[0]!;
          await store(tx, snapshot);
          if (fold) {
            // The version takes the new texts (its old parts go, see migration 007).
            await tx.query(
              `UPDATE project_revisions
                SET revision = $3, snapshot = $4, content_parts = $5, view_parts = $6,
                    size = $7, saved_at = $8
              WHERE project_id = $1 AND revision = $2`,
              [
                id,
                last.revision,
                saved.revision,
                snapshot.id,
                snapshot.contentParts,
                snapshot.viewParts,
                write.size,
                now,
              ],
            );
          } else {
            await insertRevision(tx, id, saved.revision, snapshot, write.size, intent, now);
          }
          await pruneOld(tx, id, saved.revision, now);
          return { ok: true, revision: saved.revision, updatedAt: saved.updated_at, folded: fold };
        }),
      );
    },

    /** Renames without a new revision (the name is not part of the content). */
    async rename(ownerId: string, id: string, name: string, now: Date): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE projects SET name = $3, updated_at = $4 WHERE id = $1 AND owner_id = $2 RETURNING id`,
        [id, ownerId, name, now],
      );
      return rows.length > 0;
    },

    /** Deletes the project and its history; the bytes they held, or undefined when missing. */
    async remove(ownerId: string, id: string): Promise<number | undefined> {
      const { rows } = await db.query<{ freed: string }>(
        `DELETE FROM projects p WHERE id = $1 AND owner_id = $2
         RETURNING (SELECT COALESCE(sum(r.size), 0) FROM project_revisions r
                     WHERE r.project_id = p.id) AS freed`,
        [id, ownerId],
      );
      return rows[0] ? Number(rows[0].freed) : undefined;
    },

    async revisions(ownerId: string, id: string): Promise<ProjectRevisionRow[] | undefined> {
      const { rows: owned } = await db.query(
        'SELECT 1 FROM projects WHERE id = $1 AND owner_id = $2',
        [id, ownerId],
      );
      if (owned.length === 0) return undefined;
      const { rows } = await db.query<ProjectRevisionRow>(
        `SELECT revision, size, created_at, saved_at, reason, name FROM project_revisions
          WHERE project_id = $1 ORDER BY revision DESC LIMIT $2`,
        [id, REVISIONS_LISTED_MAX],
      );
      return rows;
    },

    async revision(
      ownerId: string,
      id: string,
      revision: number,
    ): Promise<(ProjectRevisionRow & { content: string; view_state: string | null }) | undefined> {
      const row = await readWithTexts(async () => {
        const { rows } = await db.query<ProjectRevisionRow & SnapshotRef>(
          `SELECT r.revision, r.size, r.created_at, r.saved_at, r.reason, r.name,
                  r.snapshot, r.content_parts, r.view_parts
             FROM project_revisions r JOIN projects p ON p.id = r.project_id
            WHERE r.project_id = $1 AND p.owner_id = $2 AND r.revision = $3`,
          [id, ownerId, revision],
        );
        return rows[0];
      });
      if (!row) return undefined;
      const { snapshot: _s, content_parts: _c, view_parts: _v, ...version } = row;
      return version;
    },

    /**
     * Names a version (null removes the name). A named version is never pruned, and the next
     * autosave starts a new version rather than changing it.
     */
    async nameRevision(
      ownerId: string,
      id: string,
      revision: number,
      name: string | null,
    ): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE project_revisions r SET name = $4
           FROM projects p
          WHERE p.id = r.project_id AND r.project_id = $1 AND p.owner_id = $2 AND r.revision = $3
      RETURNING r.revision`,
        [id, ownerId, revision, name],
      );
      return rows.length > 0;
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
