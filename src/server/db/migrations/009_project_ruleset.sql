-- Issue 30: a project carries the user's Spectral ruleset (YAML text; NULL for the default).
-- It is a setting of the project, not part of its document: it has a revision of its own, so
-- changing it never makes the document's next autosave stale (and the reverse), and it is not
-- kept in the document's history. Its size is bounded by the server (RULESET_MAX_BYTES).

ALTER TABLE projects
  ADD COLUMN ruleset text,
  ADD COLUMN ruleset_revision integer NOT NULL DEFAULT 0 CHECK (ruleset_revision >= 0);
