-- gpushare remote backend, store version 3: one row per instance, so that a batch writes only the
-- instances it changed (store version 1 rewrote the cluster's whole state document per batch).
-- The cluster's row keeps its revision, its declared layouts and the rest of its state document
-- (cluster, unplaced copies; "instances" is empty there). A batch locks the cluster's row, checks
-- and bumps the revision, and writes the changed instance rows in the same transaction, so a reader
-- still sees the state before or after a batch, never between.
CREATE TABLE cluster_instances (
    cluster  TEXT NOT NULL,
    instance TEXT NOT NULL,                  -- the instance id, OWNER-N
    doc      TEXT NOT NULL,                  -- the instance as the state document writes it
    PRIMARY KEY (cluster, instance)
);

INSERT INTO cluster_instances (cluster, instance, doc)
SELECT c.name, i ->> 'id', i::text
FROM clusters c, jsonb_array_elements((c.state::jsonb) -> 'instances') AS i
WHERE c.state <> '';

UPDATE clusters SET state = jsonb_set(state::jsonb, '{instances}', '[]'::jsonb)::text WHERE state <> '';
