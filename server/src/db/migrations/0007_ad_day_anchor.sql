-- The UTC day in which the ad at p_offset of the posting-date order lies, and how many ads the days
-- before it hold (docs/decisions/0003-ads-moderation.md, "Deep pages"). The days are summed in
-- order along ad_daily's primary key and the walk stops at the anchor; left to itself the planner
-- aggregates every day first (hash, then sort: 4-6 ms at 1,000,000 ads instead of about 1 ms), so
-- the function turns those plans off for its own query.
CREATE OR REPLACE FUNCTION ad_day_anchor(p_offset bigint, p_status text, p_category text, p_ascending boolean)
RETURNS TABLE (anchor_day date, skipped bigint)
LANGUAGE plpgsql STABLE
SET enable_hashagg = off
SET enable_sort = off
SET enable_seqscan = off
AS $$
BEGIN
  IF p_ascending THEN
    RETURN QUERY
      SELECT r.day, r.upto - r.n FROM (
        SELECT d.day, d.n, sum(d.n) OVER (ORDER BY d.day ROWS UNBOUNDED PRECEDING) AS upto
        FROM (
          SELECT a.day, sum(a.n::int)::int AS n FROM ad_daily a
          WHERE (p_status IS NULL OR a.status = p_status) AND (p_category IS NULL OR a.category = p_category)
          GROUP BY a.day ORDER BY a.day
        ) d
      ) r
      WHERE r.upto > p_offset ORDER BY r.day LIMIT 1;
  ELSE
    RETURN QUERY
      SELECT r.day, r.upto - r.n FROM (
        SELECT d.day, d.n, sum(d.n) OVER (ORDER BY d.day DESC ROWS UNBOUNDED PRECEDING) AS upto
        FROM (
          SELECT a.day, sum(a.n::int)::int AS n FROM ad_daily a
          WHERE (p_status IS NULL OR a.status = p_status) AND (p_category IS NULL OR a.category = p_category)
          GROUP BY a.day ORDER BY a.day DESC
        ) d
      ) r
      WHERE r.upto > p_offset ORDER BY r.day DESC LIMIT 1;
  END IF;
END $$;
