-- The last rollout record of each service or component of a cluster (Action.RecordRollout, folded
-- by StateFold with the batch that carries it): a JSON array of
-- {"group", "from", "to", "wave", "waves", "phase", "reason"}, ordered by group.
ALTER TABLE clusters ADD COLUMN rollouts TEXT NOT NULL DEFAULT '[]';
