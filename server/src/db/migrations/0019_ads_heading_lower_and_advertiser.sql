-- Issue 32: the heading sort ignores case (lower(heading), id: the order ads-repository's sortColumns
-- reads, so keyset pages range over this index), and the advertiser card reads an advertiser's
-- newest ads from (user_id, posting_date, id) backwards; its counts use ads_user_id_idx.
DROP INDEX "ads_heading_idx";--> statement-breakpoint
CREATE INDEX "ads_heading_lower_idx" ON "advertisements" USING btree (lower("heading"),"id");--> statement-breakpoint
CREATE INDEX "ads_user_posting_date_idx" ON "advertisements" USING btree ("user_id","posting_date","id");