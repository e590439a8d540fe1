-- The inbox's totals per kind, reason and state (issue 35), kept by triggers; see schema/reports.ts.
-- One index of kind, reason and state for every filtered page (reports-repository.ts findReportsPage).
CREATE TABLE "report_counts" (
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "report_counts_kind_reason_state_shard_pk" PRIMARY KEY("kind","reason","state","shard")
);
--> statement-breakpoint
DROP INDEX "reports_kind_state_created_idx";--> statement-breakpoint
DROP INDEX "reports_reason_state_created_idx";--> statement-breakpoint
CREATE INDEX "reports_kind_reason_state_created_idx" ON "reports" USING btree ("kind","reason","state","created_at","id");--> statement-breakpoint
-- Kept by one statement-level function for insert, update and delete: the rows' delta per kind,
-- reason and state, in the writing connection's shard (as audit_counts, 0030).
CREATE FUNCTION report_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_counts (kind, reason, state, shard, n)
      SELECT kind, reason, state, (pg_backend_pid() % 16)::smallint, count(*) FROM new_rows
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (kind, reason, state, shard) DO UPDATE SET n = report_counts.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_counts (kind, reason, state, shard, n)
      SELECT kind, reason, state, (pg_backend_pid() % 16)::smallint, -count(*) FROM old_rows
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (kind, reason, state, shard) DO UPDATE SET n = report_counts.n + EXCLUDED.n;
  ELSE
    INSERT INTO report_counts (kind, reason, state, shard, n)
      SELECT kind, reason, state, (pg_backend_pid() % 16)::smallint, sum(d) FROM (
        SELECT kind, reason, state, 1 AS d FROM new_rows
        UNION ALL
        SELECT kind, reason, state, -1 FROM old_rows
      ) delta GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (kind, reason, state, shard) DO UPDATE SET n = report_counts.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reports_counts_insert AFTER INSERT ON reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_apply();--> statement-breakpoint
CREATE TRIGGER reports_counts_update AFTER UPDATE ON reports
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_apply();--> statement-breakpoint
CREATE TRIGGER reports_counts_delete AFTER DELETE ON reports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_apply();--> statement-breakpoint
INSERT INTO report_counts (kind, reason, state, shard, n)
  SELECT kind, reason, state, 0, count(*) FROM reports GROUP BY 1, 2, 3;
