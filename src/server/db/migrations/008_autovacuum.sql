-- Issue 31.5: space given back. A project's texts live in project_parts, almost all of it in
-- the table's TOAST table (a part of 256 Ki characters is 130 to 500 TOAST rows of about 2 kB). A large
-- autosave folded into its version deletes the version's old parts, so these tables churn by
-- megabytes per save, while autovacuum's defaults wait for a fifth of a table to be dead
-- (40 MiB of a 200 MiB table) before vacuuming it. Here it starts at about 2 %, and without
-- sleeping between pages, so the space is reused before the file grows.
--
-- PostgreSQL only in effect: the embedded database has no autovacuum (the server vacuums it
-- itself, src/server/db/space.ts); there these are stored and ignored.

ALTER TABLE project_parts SET (
  autovacuum_vacuum_scale_factor = 0.02,
  autovacuum_vacuum_threshold = 100,
  autovacuum_vacuum_insert_scale_factor = 0.05,
  autovacuum_vacuum_cost_delay = 0,
  toast.autovacuum_vacuum_scale_factor = 0.02,
  toast.autovacuum_vacuum_threshold = 1000,
  toast.autovacuum_vacuum_insert_scale_factor = 0.05,
  toast.autovacuum_vacuum_cost_delay = 0
);

-- One row per project, updated by every save; one row per version.
ALTER TABLE projects SET (
  autovacuum_vacuum_scale_factor = 0.05,
  autovacuum_vacuum_threshold = 100
);
ALTER TABLE project_revisions SET (
  autovacuum_vacuum_scale_factor = 0.05,
  autovacuum_vacuum_threshold = 100
);
ALTER TABLE project_uploads SET (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 50
);
