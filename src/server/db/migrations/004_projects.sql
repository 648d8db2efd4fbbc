-- Saved projects (issue 12): the OpenAPI document text plus the form's view state, with a
-- revision number that every save must name (optimistic locking), and the last revisions.

CREATE TABLE projects (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  content text NOT NULL,
  view_state jsonb,
  revision integer NOT NULL DEFAULT 1 CHECK (revision > 0),
  size integer NOT NULL CHECK (size >= 0),
  endpoint_count integer NOT NULL DEFAULT 0 CHECK (endpoint_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX projects_owner_updated_idx ON projects (owner_id, updated_at DESC);

-- One row per saved revision (the current one included); the server keeps the last 50.
CREATE TABLE project_revisions (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  revision integer NOT NULL,
  content text NOT NULL,
  view_state jsonb,
  size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, revision)
);
