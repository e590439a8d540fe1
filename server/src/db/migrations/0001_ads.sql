CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "ad_summary" (
	"status" text NOT NULL,
	"category" text NOT NULL,
	"district" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "ad_summary_status_category_district_pk" PRIMARY KEY("status","category","district")
);
--> statement-breakpoint
CREATE TABLE "advertisements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"title" text NOT NULL,
	"heading" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"username" text NOT NULL,
	"phone1" text,
	"category" text NOT NULL,
	"district" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"posting_date" timestamp with time zone DEFAULT now() NOT NULL,
	"ad_type" text DEFAULT 'digital' NOT NULL,
	"moderated_at" timestamp with time zone,
	"moderated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "moderation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ad_id" uuid NOT NULL,
	"ad_heading" text NOT NULL,
	"action" text NOT NULL,
	"admin_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_posting_date_idx" ON "advertisements" USING btree ("posting_date","id");--> statement-breakpoint
CREATE INDEX "ads_status_posting_date_idx" ON "advertisements" USING btree ("status","posting_date","id");--> statement-breakpoint
CREATE INDEX "ads_category_posting_date_idx" ON "advertisements" USING btree ("category","posting_date","id");--> statement-breakpoint
CREATE INDEX "ads_district_posting_date_idx" ON "advertisements" USING btree ("district","posting_date","id");--> statement-breakpoint
CREATE INDEX "ads_heading_idx" ON "advertisements" USING btree ("heading","id");--> statement-breakpoint
CREATE INDEX "ads_username_idx" ON "advertisements" USING btree ("username","id");--> statement-breakpoint
CREATE INDEX "ads_type_idx" ON "advertisements" USING btree ("ad_type","posting_date","id");--> statement-breakpoint
CREATE INDEX "ads_user_id_idx" ON "advertisements" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "ads_images_idx" ON "advertisements" USING gin ("images");--> statement-breakpoint
CREATE INDEX "ads_heading_trgm_idx" ON "advertisements" USING gin ("heading" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_details_trgm_idx" ON "advertisements" USING gin ("details" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_username_trgm_idx" ON "advertisements" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "moderation_events_ad_idx" ON "moderation_events" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "moderation_events_created_idx" ON "moderation_events" USING btree ("created_at");--> statement-breakpoint
-- docs/decisions/0014-ad-moderation-rules.md: keep ad_summary exact in the same transaction as every change to advertisements.
-- Statement-level triggers with transition tables: one summary write per group, in key order.
CREATE FUNCTION ad_summary_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER advertisements_summary_insert AFTER INSERT ON advertisements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_summary_apply();--> statement-breakpoint
CREATE TRIGGER advertisements_summary_update AFTER UPDATE ON advertisements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_summary_apply();--> statement-breakpoint
CREATE TRIGGER advertisements_summary_delete AFTER DELETE ON advertisements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_summary_apply();
