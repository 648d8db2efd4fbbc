-- History of meaningful versions (issue 18.4) within a per-account byte quota (issue 21.4).
-- A revision row is a version: autosaves of one editing session within a few minutes are
-- folded into it (its `revision` moves to the last save folded in, `saved_at` with it), and
-- every other reason starts a new one. Named versions are never pruned.

ALTER TABLE project_revisions
  ADD COLUMN reason text NOT NULL DEFAULT 'autosave',
  ADD COLUMN name text CHECK (name IS NULL OR length(name) BETWEEN 1 AND 200),
  ADD COLUMN session text,
  ADD COLUMN saved_at timestamptz;

UPDATE project_revisions SET saved_at = created_at;

ALTER TABLE project_revisions
  ALTER COLUMN saved_at SET NOT NULL,
  ALTER COLUMN saved_at SET DEFAULT now();

-- Pruning walks an account's unnamed versions oldest first.
CREATE INDEX project_revisions_saved_idx ON project_revisions (project_id, saved_at);

