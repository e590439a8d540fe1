-- An ad's open reports beside it rather than on its row (issue 35's figures; schema/reports.ts
-- adReports): a report wrote the ad's row, a non-HOT update of 25 index entries and five triggers.
CREATE TABLE "ad_reports" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"open_reports" integer DEFAULT 0 NOT NULL,
	"report_weight" real DEFAULT 0 NOT NULL,
	"queue_priority" real,
	"posting_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "ads_pending_priority_idx";--> statement-breakpoint
DROP INDEX "ads_open_reports_idx";--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_reports_queue_idx" ON "ad_reports" USING btree ("queue_priority" desc,"posting_date","ad_id") WHERE "ad_reports"."queue_priority" is not null;--> statement-breakpoint
CREATE INDEX "ad_reports_open_idx" ON "ad_reports" USING btree ("open_reports","ad_id") WHERE "ad_reports"."open_reports" > 0;--> statement-breakpoint
CREATE INDEX "ads_pending_rule_priority_idx" ON "advertisements" USING btree ("rule_priority" desc,"posting_date","id") WHERE "advertisements"."status" = 'pending' and "advertisements"."rule_priority" > 0;--> statement-breakpoint
INSERT INTO "ad_reports" ("ad_id", "open_reports", "report_weight", "queue_priority", "posting_date")
  SELECT "id", "open_reports", "report_weight",
    CASE WHEN "status" = 'pending' THEN "rule_priority" + "report_weight" END, "posting_date"
  FROM "advertisements" WHERE "open_reports" > 0;--> statement-breakpoint
ALTER TABLE "advertisements" DROP COLUMN "open_reports";--> statement-breakpoint
ALTER TABLE "advertisements" DROP COLUMN "report_weight";--> statement-breakpoint
-- The queue's priority follows the ad: a decision takes a reported ad out of the queue, a rule's
-- prioritise moves it, in the deciding statement's transaction.
CREATE FUNCTION ad_reports_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ad_reports r SET
    queue_priority = CASE WHEN n.status = 'pending' AND r.open_reports > 0 THEN n.rule_priority + r.report_weight END,
    posting_date = n.posting_date
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE r.ad_id = n.id AND (n.status IS DISTINCT FROM o.status OR n.rule_priority IS DISTINCT FROM o.rule_priority
    OR n.posting_date IS DISTINCT FROM o.posting_date);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER advertisements_reports_follow AFTER UPDATE ON advertisements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_reports_follow();
--> statement-breakpoint
-- A pending ad's first open report gives it the `reported` signal kind (the directory's chip and
-- filter). A row trigger, so the ad's row is written only then: an UPDATE of advertisements in the
-- report's statement fires the table's five statement triggers even when it changes no row.
CREATE FUNCTION ad_reports_flag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE advertisements SET signal_kinds = array_append(coalesce(signal_kinds, '{}'), 'reported')
    WHERE id = NEW.ad_id AND status = 'pending' AND NOT (coalesce(signal_kinds, '{}') @> array['reported']);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ad_reports_flag_insert AFTER INSERT ON ad_reports
  FOR EACH ROW WHEN (NEW.queue_priority IS NOT NULL) EXECUTE FUNCTION ad_reports_flag();--> statement-breakpoint
CREATE TRIGGER ad_reports_flag_update AFTER UPDATE ON ad_reports
  FOR EACH ROW WHEN (NEW.queue_priority IS NOT NULL AND OLD.queue_priority IS NULL) EXECUTE FUNCTION ad_reports_flag();
