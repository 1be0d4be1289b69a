-- gpushare remote backend, store version 3: a row per instance and a row per allocation (a copy's
-- container on a GPU), so that a batch writes only what it changed (store version 2 rewrote the
-- cluster's whole state document per batch). The cluster's row keeps its revision, its declared
-- layouts and the rest of its state document (cluster, unplaced copies; "instances" is empty
-- there). A batch locks the cluster's row, checks and bumps the revision, and writes the changed
-- rows in the same transaction, so a reader still sees the state before or after a batch, never
-- between.
CREATE TABLE cluster_instances (
    cluster  TEXT NOT NULL,
    instance TEXT NOT NULL,                  -- the instance id, OWNER-N
    doc      TEXT NOT NULL,                  -- the instance as the state document writes it, every GPU's allocations empty
    PRIMARY KEY (cluster, instance)
);

CREATE TABLE cluster_allocations (
    cluster   TEXT NOT NULL,
    instance  TEXT NOT NULL,
    gpu       INTEGER NOT NULL,              -- the GPU's index
    task      TEXT NOT NULL,                 -- the copy, NAME/N
    container TEXT NOT NULL,
    doc       TEXT NOT NULL,                 -- the allocation as the state document writes it
    PRIMARY KEY (cluster, instance, gpu, task, container)
);

INSERT INTO cluster_instances (cluster, instance, doc)
SELECT c.name, i ->> 'id',
       jsonb_set(i, '{gpus}', (SELECT coalesce(jsonb_agg(jsonb_set(g, '{allocations}', '[]'::jsonb) ORDER BY n), '[]'::jsonb)
                               FROM jsonb_array_elements(i -> 'gpus') WITH ORDINALITY AS x (g, n)))::text
FROM clusters c, jsonb_array_elements((c.state::jsonb) -> 'instances') AS i
WHERE c.state <> '';

INSERT INTO cluster_allocations (cluster, instance, gpu, task, container, doc)
SELECT c.name, i ->> 'id', (g ->> 'index')::int, a ->> 'task', a ->> 'container', a::text
FROM clusters c, jsonb_array_elements((c.state::jsonb) -> 'instances') AS i,
     jsonb_array_elements(i -> 'gpus') AS g, jsonb_array_elements(g -> 'allocations') AS a
WHERE c.state <> '';

UPDATE clusters SET state = jsonb_set(state::jsonb, '{instances}', '[]'::jsonb)::text WHERE state <> '';
