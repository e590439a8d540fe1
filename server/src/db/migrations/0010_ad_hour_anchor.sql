CREATE TABLE "ad_hourly" (
	"hour" timestamp NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "ad_hourly_hour_status_category_pk" PRIMARY KEY("hour","status","category")
);
--> statement-breakpoint
-- Kept exact in the same transaction as every change to advertisements, like ad_daily (docs/decisions/0014-ad-moderation-rules.md). An hour
-- is the start of a UTC hour as a UTC wall-clock time (date_trunc of a timestamptz would follow
-- the session's time zone, and Asia/Colombo is five and a half hours ahead).
CREATE FUNCTION ad_hourly_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ad_hourly (hour, status, category, n)
      SELECT date_trunc('hour', posting_date AT TIME ZONE 'UTC'), status, category, count(*)
      FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (hour, status, category) DO UPDATE SET n = ad_hourly.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ad_hourly (hour, status, category, n)
      SELECT date_trunc('hour', posting_date AT TIME ZONE 'UTC'), status, category, -count(*)
      FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (hour, status, category) DO UPDATE SET n = ad_hourly.n + EXCLUDED.n;
  ELSE
    INSERT INTO ad_hourly (hour, status, category, n)
      SELECT hour, status, category, sum(d) FROM (
        SELECT date_trunc('hour', posting_date AT TIME ZONE 'UTC') AS hour, status, category, 1 AS d FROM new_rows
        UNION ALL
        SELECT date_trunc('hour', posting_date AT TIME ZONE 'UTC'), status, category, -1 FROM old_rows
      ) delta GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (hour, status, category) DO UPDATE SET n = ad_hourly.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER advertisements_hourly_insert AFTER INSERT ON advertisements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_hourly_apply();--> statement-breakpoint
CREATE TRIGGER advertisements_hourly_update AFTER UPDATE ON advertisements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_hourly_apply();--> statement-breakpoint
CREATE TRIGGER advertisements_hourly_delete AFTER DELETE ON advertisements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_hourly_apply();--> statement-breakpoint
-- In hour order, as the trigger adds them as time goes by: one hour's rows share a few pages.
INSERT INTO ad_hourly (hour, status, category, n)
  SELECT date_trunc('hour', posting_date AT TIME ZONE 'UTC'), status, category, count(*) FROM advertisements
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
--> statement-breakpoint
-- The UTC hour in which the ad at p_offset of the posting-date order lies (from and to, as UTC
-- wall-clock times), and how many ads come before that hour in the order
-- (docs/decisions/0003-ads-moderation.md, "Deep pages"). ad_day_anchor finds the day, then the
-- day's hours are summed in order: a deep page skips at most one hour's ads, not a whole day's.
CREATE FUNCTION ad_page_anchor(p_offset bigint, p_status text, p_category text, p_ascending boolean)
RETURNS TABLE (anchor_from timestamp, anchor_to timestamp, skipped bigint)
LANGUAGE plpgsql STABLE ROWS 1
AS $$
DECLARE
  v_day date;
  v_skipped bigint;
BEGIN
  SELECT d.anchor_day, d.skipped INTO v_day, v_skipped
    FROM ad_day_anchor(p_offset, p_status, p_category, p_ascending) d;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT r.hour, r.hour + interval '1 hour', v_skipped + r.upto - r.n FROM (
      SELECT h.hour, h.n, (sum(h.n) OVER (
        ORDER BY CASE WHEN p_ascending THEN h.hour END, h.hour DESC ROWS UNBOUNDED PRECEDING
      ))::bigint AS upto
      FROM (
        SELECT a.hour, sum(a.n)::bigint AS n FROM ad_hourly a
        WHERE a.hour >= v_day::timestamp AND a.hour < (v_day + 1)::timestamp
          AND (p_status IS NULL OR a.status = p_status) AND (p_category IS NULL OR a.category = p_category)
        GROUP BY a.hour HAVING sum(a.n) > 0
      ) h
    ) r
    WHERE v_skipped + r.upto > p_offset
    ORDER BY r.upto LIMIT 1;
END $$;
