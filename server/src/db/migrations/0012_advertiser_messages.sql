CREATE TABLE "advertiser_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ad_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text,
	"language" text DEFAULT 'en' NOT NULL,
	"ad_heading" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "advertiser_messages_due_idx" ON "advertiser_messages" USING btree ("next_attempt_at") WHERE "advertiser_messages"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "advertiser_messages_status_idx" ON "advertiser_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "advertiser_messages_ad_idx" ON "advertiser_messages" USING btree ("ad_id","created_at","id");