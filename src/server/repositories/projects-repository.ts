import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
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
}

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

  /** Records the project's current content as a new version (copied inside the database). */
  async function insertRevision(tx: Db, id: string, intent: SaveIntent, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO project_revisions
         (project_id, revision, content, view_state, size, created_at, saved_at, reason, session)
       SELECT id, revision, content, view_state, size, $2, $2, $3, $4 FROM projects WHERE id = $1`,
      [id, now, intent.reason, intent.session ?? null],
    );
  }

  return {
    async list(ownerId: string): Promise<ProjectSummaryRow[]> {
      const { rows } = await db.query<ProjectSummaryRow>(
        `SELECT ${SUMMARY} FROM projects WHERE owner_id = $1 ORDER BY updated_at DESC, id`,
        [ownerId],
      );
      return rows;
    },

    async count(ownerId: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM projects WHERE owner_id = $1',
        [ownerId],
      );
      return rows[0]?.n ?? 0;
    },

    /** Bytes the owner stores: every project plus every version kept (UTF-8). */
    usage(ownerId: string): Promise<number> {
      return usage(db, ownerId);
    },

    async get(ownerId: string, id: string): Promise<ProjectRow | undefined> {
      const { rows } = await db.query<ProjectRow>(
        `SELECT ${SUMMARY}, content, view_state::text AS view_state
           FROM projects WHERE id = $1 AND owner_id = $2`,
        [id, ownerId],
      );
      return rows[0];
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
    ): Promise<CreateOutcome> {
      return db.transaction(async (tx): Promise<CreateOutcome> => {
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
             (id, owner_id, name, content, view_state, revision, size, endpoint_count, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5::jsonb, 1, $6, $7, $8, $8)`,
          [id, ownerId, name, write.content, write.viewState, write.size, write.endpointCount, now],
        );
        await insertRevision(tx, id, { reason: 'create', session: undefined }, now);
        return { ok: true, id, revision: 1 };
      });
    },

    /**
     * Saves a new revision when the stored one is one of `baseRevisions` (undefined: any).
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
      return db.transaction(async (tx): Promise<UpdateOutcome> => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [ownerId]);
        const { rows: found } = await tx.query<{ revision: number; size: number }>(
          'SELECT revision, size FROM projects WHERE id = $1 AND owner_id = $2 FOR UPDATE',
          [id, ownerId],
        );
        const current = found[0];
        if (!current) return { ok: false, reason: 'missing' };
        if (baseRevisions !== undefined && !baseRevisions.includes(current.revision)) {
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
              SET content = $3, view_state = $4::jsonb, size = $5,
                  endpoint_count = $6, name = COALESCE($7, name), revision = revision + 1,
                  updated_at = $8
            WHERE id = $1 AND owner_id = $2
        RETURNING revision, updated_at`,
          [
            id,
            ownerId,
            write.content,
            write.viewState,
            write.size,
            write.endpointCount,
            name ?? null,
            now,
          ],
        );
        const saved = rows[0]!;
        if (fold) {
          // The version takes the project's new content (copied inside the database).
          await tx.query(
            `UPDATE project_revisions r
                SET revision = p.revision, content = p.content, view_state = p.view_state,
                    size = p.size, saved_at = $3
               FROM projects p
              WHERE p.id = r.project_id AND r.project_id = $1 AND r.revision = $2`,
            [id, last.revision, now],
          );
        } else {
          await insertRevision(tx, id, intent, now);
        }
        await pruneOld(tx, id, saved.revision, now);
        return { ok: true, revision: saved.revision, updatedAt: saved.updated_at, folded: fold };
      });
    },

    /** Renames without a new revision (the name is not part of the content). */
    async rename(ownerId: string, id: string, name: string, now: Date): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE projects SET name = $3, updated_at = $4 WHERE id = $1 AND owner_id = $2 RETURNING id`,
        [id, ownerId, name, now],
      );
      return rows.length > 0;
    },

    async remove(ownerId: string, id: string): Promise<boolean> {
      const { rows } = await db.query(
        'DELETE FROM projects WHERE id = $1 AND owner_id = $2 RETURNING id',
        [id, ownerId],
      );
      return rows.length > 0;
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
      const { rows } = await db.query<
        ProjectRevisionRow & { content: string; view_state: string | null }
      >(
        `SELECT r.revision, r.size, r.created_at, r.saved_at, r.reason, r.name, r.content,
                r.view_state::text AS view_state
           FROM project_revisions r JOIN projects p ON p.id = r.project_id
          WHERE r.project_id = $1 AND p.owner_id = $2 AND r.revision = $3`,
        [id, ownerId, revision],
      );
      return rows[0];
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
