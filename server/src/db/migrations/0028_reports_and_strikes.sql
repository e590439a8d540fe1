CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"ad_id" uuid,
	"ad_heading" text,
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"page" text,
	"reporter_email" text,
	"reporter_phone" text,
	"reporter_address" text,
	"reporter_key" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"assignee_id" uuid,
	"note" text,
	"reply" text,
	"weight" real DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	CONSTRAINT "reports_kind_check" CHECK ("reports"."kind" in ('ad', 'bug')),
	CONSTRAINT "reports_state_check" CHECK ("reports"."state" in ('open', 'resolved', 'dismissed')),
	CONSTRAINT "reports_ad_check" CHECK ("reports"."kind" = 'bug' or "reports"."ad_id" is not null or "reports"."ad_heading" is not null)
);
--> statement-breakpoint
CREATE TABLE "strike_removals" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"note" text NOT NULL,
	"removed_by" uuid,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertiser_messages" ALTER COLUMN "ad_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "open_reports" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "report_weight" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "advertiser_messages" ADD COLUMN "report_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_dedupe_idx" ON "reports" USING btree ("reporter_key","ad_id","day") WHERE "reports"."kind" = 'ad';--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reports_state_created_idx" ON "reports" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_kind_state_created_idx" ON "reports" USING btree ("kind","state","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_reason_state_created_idx" ON "reports" USING btree ("reason","state","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_open_ad_idx" ON "reports" USING btree ("ad_id") WHERE "reports"."state" = 'open';--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_key","state");--> statement-breakpoint
CREATE INDEX "reports_text_trgm_idx" ON "reports" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "strike_removals_user_idx" ON "strike_removals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ads_open_reports_idx" ON "advertisements" USING btree ("status","open_reports","id") WHERE "advertisements"."open_reports" > 0;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("language" IN ('en', 'si', 'ta'));
