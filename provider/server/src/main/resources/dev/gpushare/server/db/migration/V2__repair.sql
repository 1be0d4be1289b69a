-- gpushare remote backend, store version 2: what `gpushare serve --reconcile` keeps converged.
-- The spec the latest apply of a cluster converged to (sent by the client before its batches).
CREATE TABLE cluster_specs (
    cluster     TEXT PRIMARY KEY,
    spec        TEXT NOT NULL,                 -- the spec as JSON (gpushare's own writer)
    declared_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- When each instance's current unhealthy mark was made: the repair grace counts from it.
CREATE TABLE health_marks (
    cluster   TEXT NOT NULL,
    instance  TEXT NOT NULL,
    marked_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (cluster, instance)
);

-- The last report of each instance's agent (`gpushare agent`); none for an instance without one.
CREATE TABLE agent_heartbeats (
    cluster  TEXT NOT NULL,
    instance TEXT NOT NULL,
    seen_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (cluster, instance)
);
