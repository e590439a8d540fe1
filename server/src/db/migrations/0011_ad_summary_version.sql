CREATE TABLE "ad_summary_version" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"v" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO ad_summary_version (slot, v) SELECT s, 0 FROM generate_series(0, 15) s;
--> statement-breakpoint
-- Every statement that changes rows of ad_summary moves the version by one, in the same transaction
-- (the slot of the transaction's id: concurrent writers seldom share a row lock). Statements that
-- change nothing (an ad's images, a rejection reason) leave it alone.
CREATE FUNCTION ad_summary_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE ad_summary_version SET v = v + 1 WHERE slot = pg_current_xact_id()::text::bigint % 16;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ad_summary_version_insert AFTER INSERT ON ad_summary
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_summary_bump();--> statement-breakpoint
CREATE TRIGGER ad_summary_version_update AFTER UPDATE ON ad_summary
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_summary_bump();--> statement-breakpoint
CREATE TRIGGER ad_summary_version_delete AFTER DELETE ON ad_summary
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_summary_bump();--> statement-breakpoint
CREATE TRIGGER ad_summary_version_truncate AFTER TRUNCATE ON ad_summary
  FOR EACH STATEMENT EXECUTE FUNCTION ad_summary_bump();
