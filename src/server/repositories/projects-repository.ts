import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { PROJECT_REVISIONS_KEPT } from '../../shared/projects';

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

export interface ProjectRevisionRow {
  revision: number;
  size: number;
  created_at: Date;
}

export interface ProjectWrite {
  content: string;
  /** JSON text of the view state, or null. */
  viewState: string | null;
  size: number;
  endpointCount: number;
}

/** Why a create was refused. */
export type CreateOutcome = { ok: true; id: string; revision: number } | { ok: false };

/** Why an update was refused: no such project (of this owner), or based on an old revision. */
export type UpdateOutcome =
  | { ok: true; revision: number; updatedAt: Date }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'stale'; revision: number };

const SUMMARY = 'id, name, endpoint_count, size, revision, updated_at';

/**
 * Projects of one owner each: every query names the owner, so another user's project is
 * indistinguishable from a missing one. Saves are optimistic: `UPDATE … WHERE revision = $n`.
 */
export function createProjectsRepository(db: Db) {
  /** Records `revision` in the history and drops what is older than the last N. */
  async function recordRevision(
    tx: Db,
    id: string,
    revision: number,
    write: ProjectWrite,
    now: Date,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO project_revisions (project_id, revision, content, view_state, size, created_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6)`,
      [id, revision, write.content, write.viewState, write.size, now],
    );
    await tx.query('DELETE FROM project_revisions WHERE project_id = $1 AND revision <= $2', [
      id,
      revision - PROJECT_REVISIONS_KEPT,
    ]);
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

    async get(ownerId: string, id: string): Promise<ProjectRow | undefined> {
      const { rows } = await db.query<ProjectRow>(
        `SELECT ${SUMMARY}, content, view_state::text AS view_state
           FROM projects WHERE id = $1 AND owner_id = $2`,
        [id, ownerId],
      );
      return rows[0];
    },

    /**
     * Creates a project at revision 1 unless the owner already has `maxProjects` (counted under
     * a lock on the owner's row, so two concurrent creates cannot both pass the limit).
     */
    async create(
      ownerId: string,
      name: string,
      write: ProjectWrite,
      maxProjects: number,
      now: Date,
    ): Promise<CreateOutcome> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [ownerId]);
        const { rows } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM projects WHERE owner_id = $1',
          [ownerId],
        );
        if ((rows[0]?.n ?? 0) >= maxProjects) return { ok: false };
        const id = randomUUID();
        await tx.query(
          `INSERT INTO projects
             (id, owner_id, name, content, view_state, revision, size, endpoint_count, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5::jsonb, 1, $6, $7, $8, $8)`,
          [id, ownerId, name, write.content, write.viewState, write.size, write.endpointCount, now],
        );
        await recordRevision(tx, id, 1, write, now);
        return { ok: true, id, revision: 1 };
      });
    },

    /**
     * Saves a new revision when the stored one is one of `baseRevisions` (undefined: any).
     * The check and the write are one UPDATE, so of two writers based on the same revision
     * exactly one wins; the other learns the current revision.
     */
    async update(
      ownerId: string,
      id: string,
      baseRevisions: number[] | undefined,
      write: ProjectWrite,
      name: string | undefined,
      now: Date,
    ): Promise<UpdateOutcome> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ revision: number; updated_at: Date }>(
          `UPDATE projects
              SET content = $4, view_state = $5::jsonb, size = $6, endpoint_count = $7,
                  name = COALESCE($8, name), revision = revision + 1, updated_at = $9
            WHERE id = $1 AND owner_id = $2 AND ($3::int[] IS NULL OR revision = ANY($3::int[]))
        RETURNING revision, updated_at`,
          [
            id,
            ownerId,
            baseRevisions ?? null,
            write.content,
            write.viewState,
            write.size,
            write.endpointCount,
            name ?? null,
            now,
          ],
        );
        const saved = rows[0];
        if (!saved) {
          const { rows: current } = await tx.query<{ revision: number }>(
            'SELECT revision FROM projects WHERE id = $1 AND owner_id = $2',
            [id, ownerId],
          );
          return current[0]
            ? { ok: false, reason: 'stale', revision: current[0].revision }
            : { ok: false, reason: 'missing' };
        }
        await recordRevision(tx, id, saved.revision, write, now);
        return { ok: true, revision: saved.revision, updatedAt: saved.updated_at };
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
        `SELECT revision, size, created_at FROM project_revisions
          WHERE project_id = $1 ORDER BY revision DESC LIMIT $2`,
        [id, PROJECT_REVISIONS_KEPT],
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
        `SELECT r.revision, r.size, r.created_at, r.content, r.view_state::text AS view_state
           FROM project_revisions r JOIN projects p ON p.id = r.project_id
          WHERE r.project_id = $1 AND p.owner_id = $2 AND r.revision = $3`,
        [id, ownerId, revision],
      );
      return rows[0];
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
