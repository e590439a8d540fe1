CREATE TABLE "ad_analysis" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"analysed_at" timestamp with time zone NOT NULL,
	"text_signature" "bytea" NOT NULL,
	"price_category" text,
	"price_bin" smallint,
	"unreadable_images" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_analysis_queue" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_image_bands" (
	"key" integer NOT NULL,
	"ad_id" uuid NOT NULL,
	"image" smallint NOT NULL,
	CONSTRAINT "ad_image_bands_key_ad_id_image_pk" PRIMARY KEY("key","ad_id","image")
);
--> statement-breakpoint
CREATE TABLE "ad_image_hashes" (
	"ad_id" uuid NOT NULL,
	"image" smallint NOT NULL,
	"path" text NOT NULL,
	"hashes" bigint[] NOT NULL,
	CONSTRAINT "ad_image_hashes_ad_id_image_pk" PRIMARY KEY("ad_id","image")
);
--> statement-breakpoint
CREATE TABLE "ad_phones" (
	"phone" text NOT NULL,
	"user_id" uuid NOT NULL,
	"ad_id" uuid NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "ad_phones_phone_user_id_ad_id_pk" PRIMARY KEY("phone","user_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "ad_signals" (
	"ad_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"strength" real DEFAULT 1 NOT NULL,
	CONSTRAINT "ad_signals_ad_id_kind_pk" PRIMARY KEY("ad_id","kind")
);
--> statement-breakpoint
CREATE TABLE "ad_text_bands" (
	"key" bigint NOT NULL,
	"ad_id" uuid NOT NULL,
	CONSTRAINT "ad_text_bands_key_ad_id_pk" PRIMARY KEY("key","ad_id")
);
--> statement-breakpoint
CREATE TABLE "blocked_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" uuid
);
--> statement-breakpoint
CREATE TABLE "price_histograms" (
	"category" text PRIMARY KEY NOT NULL,
	"counts" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "risk" smallint;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "signal_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_analysis" ADD CONSTRAINT "ad_analysis_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_analysis_queue" ADD CONSTRAINT "ad_analysis_queue_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_image_bands" ADD CONSTRAINT "ad_image_bands_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_image_hashes" ADD CONSTRAINT "ad_image_hashes_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_phones" ADD CONSTRAINT "ad_phones_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_signals" ADD CONSTRAINT "ad_signals_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_text_bands" ADD CONSTRAINT "ad_text_bands_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_phones" ADD CONSTRAINT "blocked_phones_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_image_bands_ad_idx" ON "ad_image_bands" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ad_phones_ad_idx" ON "ad_phones" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ad_text_bands_ad_idx" ON "ad_text_bands" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ads_risk_idx" ON "advertisements" USING btree (coalesce("risk", -1),"id");--> statement-breakpoint
CREATE INDEX "ads_status_risk_idx" ON "advertisements" USING btree ("status",coalesce("risk", -1),"id");--> statement-breakpoint
CREATE INDEX "ads_signal_kinds_idx" ON "advertisements" USING gin ("signal_kinds");--> statement-breakpoint
CREATE INDEX "ads_unanalysed_idx" ON "advertisements" USING btree ("posting_date","id") WHERE "advertisements"."risk" is null;--> statement-breakpoint
-- docs/decisions/0029-trust-signals.md: every ad inserted, whoever inserts it (the public site, the
-- seed, npm run ads:import, plain SQL), is queued for analysis in the insert's own transaction. On
-- PostgreSQL the job goes to graphile-worker's queue (one add_jobs per statement); where that queue
-- is not there (the embedded database, or PostgreSQL before a server first prepared it) the ad goes
-- to ad_analysis_queue, which the server drains itself and moves to graphile-worker when it starts.
CREATE FUNCTION ad_analysis_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  IF to_regnamespace('graphile_worker') IS NOT NULL THEN
    PERFORM graphile_worker.add_jobs(array(
      SELECT ('analyse_ad', json_build_object('adId', id), NULL, NULL, 5::smallint, NULL, NULL, NULL)::graphile_worker.job_spec
      FROM new_rows ORDER BY posting_date, id));
  ELSE
    INSERT INTO ad_analysis_queue (ad_id) SELECT id FROM new_rows ORDER BY id ON CONFLICT DO NOTHING;
    PERFORM pg_notify('ad_analysis', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER advertisements_analysis_enqueue AFTER INSERT ON advertisements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_analysis_enqueue();--> statement-breakpoint
-- A category's price histogram counts each analysed priced ad once: its bin is added when the
-- analysis is written and taken back when the analysis goes (a rerun, or the ad deleted: cascade).
CREATE FUNCTION price_histogram_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.price_bin IS NOT NULL THEN
    UPDATE price_histograms SET counts[OLD.price_bin + 1] = counts[OLD.price_bin + 1] - 1
      WHERE category = OLD.price_category;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.price_bin IS NOT NULL THEN
    INSERT INTO price_histograms (category, counts) VALUES (NEW.price_category, array_fill(0, ARRAY[500]))
      ON CONFLICT (category) DO NOTHING;
    UPDATE price_histograms SET counts[NEW.price_bin + 1] = counts[NEW.price_bin + 1] + 1
      WHERE category = NEW.price_category;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ad_analysis_price_histogram AFTER INSERT OR DELETE OR UPDATE OF price_bin, price_category ON ad_analysis
  FOR EACH ROW EXECUTE FUNCTION price_histogram_apply();
