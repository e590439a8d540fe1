CREATE TABLE "ad_daily" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"ad_type" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "ad_daily_day_status_category_ad_type_pk" PRIMARY KEY("day","status","category","ad_type")
);
--> statement-breakpoint
-- Kept exact in the same transaction as every change to advertisements, like ad_summary (docs/decisions/0014-ad-moderation-rules.md).
CREATE FUNCTION ad_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER advertisements_daily_insert AFTER INSERT ON advertisements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_daily_apply();--> statement-breakpoint
CREATE TRIGGER advertisements_daily_update AFTER UPDATE ON advertisements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_daily_apply();--> statement-breakpoint
CREATE TRIGGER advertisements_daily_delete AFTER DELETE ON advertisements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_daily_apply();--> statement-breakpoint
INSERT INTO ad_daily (day, status, category, ad_type, n)
  SELECT (posting_date AT TIME ZONE 'UTC')::date, status, category, ad_type, count(*) FROM advertisements GROUP BY 1, 2, 3, 4;
