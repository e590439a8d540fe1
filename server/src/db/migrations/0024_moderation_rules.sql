CREATE TABLE "moderation_rule_versions" (
	"rule_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "moderation_rule_versions_rule_id_version_pk" PRIMARY KEY("rule_id","version")
);
--> statement-breakpoint
CREATE TABLE "moderation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"mode" text DEFAULT 'draft' NOT NULL,
	"sort_order" integer NOT NULL,
	"conditions" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "moderation_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "rule_backtests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"limit" integer NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"scanned" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"decided" integer DEFAULT 0 NOT NULL,
	"precision" real,
	"recall" real,
	"disagreements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "second_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"ad_heading" text NOT NULL,
	"decision" text NOT NULL,
	"rejection_reason" text,
	"decided_by" uuid,
	"decided_by_name" text NOT NULL,
	"rule_id" uuid,
	"rule_version" integer,
	"decided_at" timestamp with time zone NOT NULL,
	"sampled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewer_id" uuid,
	"reviewer_name" text,
	"answer" text,
	"note" text,
	"answered_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "second_reviews_other_reviewer" CHECK ("second_reviews"."reviewer_id" is null or "second_reviews"."decided_by" is null or "second_reviews"."reviewer_id" <> "second_reviews"."decided_by")
);
--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "rule_labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "rule_queue" text;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "rule_priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_rules" ADD CONSTRAINT "moderation_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_backtests" ADD CONSTRAINT "rule_backtests_rule_id_moderation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."moderation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_rules_name_idx" ON "moderation_rules" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "moderation_rules_order_idx" ON "moderation_rules" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "rule_backtests_rule_idx" ON "rule_backtests" USING btree ("rule_id","started_at");--> statement-breakpoint
CREATE INDEX "second_reviews_open_idx" ON "second_reviews" USING btree ("sampled_at","id") WHERE "second_reviews"."answer" is null;--> statement-breakpoint
CREATE INDEX "second_reviews_answered_idx" ON "second_reviews" USING btree ("answered_at","id") WHERE "second_reviews"."answer" is not null;--> statement-breakpoint
CREATE INDEX "second_reviews_ad_idx" ON "second_reviews" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ads_rule_queue_idx" ON "advertisements" USING btree ("rule_queue","posting_date","id") WHERE "advertisements"."rule_queue" is not null;--> statement-breakpoint
CREATE INDEX "ads_rule_priority_idx" ON "advertisements" USING btree ("rule_priority","posting_date","id") WHERE "advertisements"."status" = 'pending' and "advertisements"."rule_priority" > 0;--> statement-breakpoint
CREATE INDEX "audit_events_rule_idx" ON "audit_events" USING btree (("details"->'rule'->>'_id'),"at") WHERE "audit_events"."details" ? 'rule';