-- The statement triggers' "did any column of mine change?" check, linear in the rows (migration
-- 0035's was quadratic): as `NOT EXISTS (… new_rows n JOIN old_rows o …)` the planner chose a nested
-- loop over the two transition tables (it hopes to stop at the first row, and there is none), 250,000
-- comparisons for an UPDATE of 500 ads and 25,000,000 for 5,000: 30–60 ms a trigger at 500, four
-- triggers on every analysis batch, bulk decision and rule run. A row whose kept columns changed is
-- a tuple of new_rows that old_rows lacks (with its id, set operations compare nulls as equal, as
-- IS DISTINCT FROM does); EXCEPT finds one by hashing. Bodies unchanged otherwise.

CREATE OR REPLACE FUNCTION ad_summary_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ad_summary (status, category, district, n)
      SELECT status, category, district, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (status, category, district) DO UPDATE SET n = ad_summary.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ad_summary (status, category, district, n)
      SELECT status, category, district, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (status, category, district) DO UPDATE SET n = ad_summary.n + EXCLUDED.n;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM (SELECT id, status, category, district FROM new_rows EXCEPT SELECT id, status, category, district FROM old_rows) changed) THEN
      RETURN NULL;
    END IF;
    INSERT INTO ad_summary (status, category, district, n)
      SELECT status, category, district, sum(d) FROM (
        SELECT status, category, district, 1 AS d FROM new_rows
        UNION ALL
        SELECT status, category, district, -1 AS d FROM old_rows
      ) delta GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (status, category, district) DO UPDATE SET n = ad_summary.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION ad_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ad_daily (day, status, category, ad_type, n)
      SELECT (posting_date AT TIME ZONE 'UTC')::date, status, category, ad_type, count(*)
      FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (day, status, category, ad_type) DO UPDATE SET n = ad_daily.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ad_daily (day, status, category, ad_type, n)
      SELECT (posting_date AT TIME ZONE 'UTC')::date, status, category, ad_type, -count(*)
      FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (day, status, category, ad_type) DO UPDATE SET n = ad_daily.n + EXCLUDED.n;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM (SELECT id, posting_date, status, category, ad_type FROM new_rows EXCEPT SELECT id, posting_date, status, category, ad_type FROM old_rows) changed) THEN
      RETURN NULL;
    END IF;
    INSERT INTO ad_daily (day, status, category, ad_type, n)
      SELECT day, status, category, ad_type, sum(d) FROM (
        SELECT (posting_date AT TIME ZONE 'UTC')::date AS day, status, category, ad_type, 1 AS d FROM new_rows
        UNION ALL
        SELECT (posting_date AT TIME ZONE 'UTC')::date, status, category, ad_type, -1 FROM old_rows
      ) delta GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (day, status, category, ad_type) DO UPDATE SET n = ad_daily.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION ad_hourly_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
    IF NOT EXISTS (SELECT 1 FROM (SELECT id, posting_date, status, category FROM new_rows EXCEPT SELECT id, posting_date, status, category FROM old_rows) changed) THEN
      RETURN NULL;
    END IF;
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

CREATE OR REPLACE FUNCTION advertiser_ad_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO advertiser_ad_counts (user_id, approved, pending, rejected)
      SELECT user_id, count(*) FILTER (WHERE status = 'approved'), count(*) FILTER (WHERE status = 'pending'),
        count(*) FILTER (WHERE status = 'rejected')
      FROM new_rows WHERE user_id IS NOT NULL GROUP BY 1 ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET approved = advertiser_ad_counts.approved + EXCLUDED.approved,
        pending = advertiser_ad_counts.pending + EXCLUDED.pending, rejected = advertiser_ad_counts.rejected + EXCLUDED.rejected;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO advertiser_ad_counts (user_id, approved, pending, rejected)
      SELECT user_id, -count(*) FILTER (WHERE status = 'approved'), -count(*) FILTER (WHERE status = 'pending'),
        -count(*) FILTER (WHERE status = 'rejected')
      FROM old_rows WHERE user_id IS NOT NULL GROUP BY 1 ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET approved = advertiser_ad_counts.approved + EXCLUDED.approved,
        pending = advertiser_ad_counts.pending + EXCLUDED.pending, rejected = advertiser_ad_counts.rejected + EXCLUDED.rejected;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM (SELECT id, user_id, status FROM new_rows EXCEPT SELECT id, user_id, status FROM old_rows) changed) THEN
      RETURN NULL;
    END IF;
    INSERT INTO advertiser_ad_counts (user_id, approved, pending, rejected)
      SELECT user_id, a, p, r FROM (
        SELECT user_id, coalesce(sum(d) FILTER (WHERE status = 'approved'), 0) AS a,
          coalesce(sum(d) FILTER (WHERE status = 'pending'), 0) AS p,
          coalesce(sum(d) FILTER (WHERE status = 'rejected'), 0) AS r
        FROM (
          SELECT n.user_id, n.status, 1 AS d FROM new_rows n
          UNION ALL
          SELECT o.user_id, o.status, -1 FROM old_rows o
        ) delta WHERE user_id IS NOT NULL GROUP BY 1
      ) changed WHERE a <> 0 OR p <> 0 OR r <> 0 ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET approved = advertiser_ad_counts.approved + EXCLUDED.approved,
        pending = advertiser_ad_counts.pending + EXCLUDED.pending, rejected = advertiser_ad_counts.rejected + EXCLUDED.rejected;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION ad_live_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('backoffice.admin_id', true), '')::uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ad_live_events (type, ad_id, status, by_id)
      SELECT 'created', id, status, actor FROM new_rows ORDER BY posting_date, id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ad_live_events (type, ad_id, status, by_id)
      SELECT 'deleted', id, status, actor FROM old_rows ORDER BY id;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM (SELECT id, status, images FROM new_rows EXCEPT SELECT id, status, images FROM old_rows) changed) THEN
      RETURN NULL;
    END IF;
    INSERT INTO ad_live_events (type, ad_id, status, by_id, at)
      SELECT CASE WHEN n.status IS DISTINCT FROM o.status THEN 'moderated' ELSE 'images_updated' END,
             n.id, n.status,
             CASE WHEN n.status IS DISTINCT FROM o.status THEN coalesce(actor, n.moderated_by) ELSE actor END,
             CASE WHEN n.status IS DISTINCT FROM o.status THEN coalesce(n.moderated_at, now()) ELSE now() END
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.status IS DISTINCT FROM o.status OR n.images IS DISTINCT FROM o.images
      ORDER BY n.id;
    -- A decision ends the ad's claim (its event says so: `claim` is null on a moderated ad).
    IF EXISTS (SELECT 1 FROM ad_claims c JOIN new_rows n ON c.ad_id = n.id WHERE n.status <> 'pending') THEN
      DELETE FROM ad_claims c USING new_rows n WHERE c.ad_id = n.id AND n.status <> 'pending';
    END IF;
  END IF;
  RETURN NULL;
END $$;
