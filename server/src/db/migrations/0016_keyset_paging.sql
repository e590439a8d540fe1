-- Keyset paging (docs/decisions/0020-keyset-paging.md): a page after or before a cursor reads the
-- sort index from the cursor's row, so deep pages no longer start from an anchor hour. The anchor
-- functions and the per-hour counts that fed them go; ad_daily stays (the dashboard counts days).
DROP FUNCTION IF EXISTS ad_page_anchor(bigint, text, text, boolean);--> statement-breakpoint
DROP FUNCTION IF EXISTS ad_day_anchor(bigint, text, text, boolean);--> statement-breakpoint
DROP TRIGGER IF EXISTS advertisements_hourly_insert ON advertisements;--> statement-breakpoint
DROP TRIGGER IF EXISTS advertisements_hourly_update ON advertisements;--> statement-breakpoint
DROP TRIGGER IF EXISTS advertisements_hourly_delete ON advertisements;--> statement-breakpoint
DROP FUNCTION IF EXISTS ad_hourly_apply();--> statement-breakpoint
DROP TABLE "ad_hourly" CASCADE;
