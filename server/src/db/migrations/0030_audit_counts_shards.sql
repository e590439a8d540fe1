-- audit_counts per (entity, action) in up to 16 rows (issue 35's intake: every public report's
-- `reported` entry updated the one ('ad', 'reported') row and held its lock until commit, so
-- reports queued behind each other and took the pool from the ads list). The shard is the writing
-- connection's backend pid mod 16: one connection always writes the same row, so the lock order
-- of a statement stays (entity, action) as before. Readers sum the rows.
ALTER TABLE "audit_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_counts" DROP CONSTRAINT "audit_counts_entity_action_pk";--> statement-breakpoint
ALTER TABLE "audit_counts" ADD CONSTRAINT "audit_counts_entity_action_shard_pk" PRIMARY KEY("entity","action","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_counts (entity, action, shard, n)
    SELECT entity, action, (pg_backend_pid() % 16)::smallint, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (entity, action, shard) DO UPDATE SET n = audit_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;
