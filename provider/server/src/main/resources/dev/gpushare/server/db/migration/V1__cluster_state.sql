-- gpushare remote backend, store version 1.
-- One row per cluster holds its whole state document and revision: a batch rewrites the row in the
-- same transaction that checks and bumps the revision, so a reader sees the state before or after
-- a batch, never between. Writers of one cluster queue on the row lock (SELECT ... FOR UPDATE).
CREATE TABLE clusters (
    name             TEXT PRIMARY KEY,
    revision         BIGINT NOT NULL,
    state            TEXT NOT NULL,          -- the state document of CONTRACT.md section 2
    declared_layouts TEXT NOT NULL,          -- {"instanceId": ["profile", ...]}
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Idempotency keys of committed batches: a retried apply returns the first result.
CREATE TABLE apply_keys (
    cluster    TEXT NOT NULL,
    key        TEXT NOT NULL,
    revision   BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (cluster, key)
);
CREATE INDEX apply_keys_by_age ON apply_keys (created_at);

-- Declared resources (one spec fragment per key such as services/embedder), for the Pulumi provider.
CREATE TABLE declared_resources (
    cluster  TEXT NOT NULL,
    key      TEXT NOT NULL,
    fragment TEXT NOT NULL,
    PRIMARY KEY (cluster, key)
);
