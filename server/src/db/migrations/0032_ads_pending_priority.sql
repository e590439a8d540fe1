-- The pending queue's prioritised and reported ads read in the queue's order (ads-read-repository.ts
-- prioritisedPending): the reported ones grow with the public's reports and were sorted on every list.
DROP INDEX "ads_rule_priority_idx";--> statement-breakpoint
CREATE INDEX "ads_pending_priority_idx" ON "advertisements" USING btree (("rule_priority" + "report_weight") desc,"posting_date","id") WHERE "advertisements"."status" = 'pending' and ("advertisements"."rule_priority" > 0 or "advertisements"."open_reports" > 0);