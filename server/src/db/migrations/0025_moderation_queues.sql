CREATE TABLE "moderation_queues" (
	"name" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_queues_name_lower_idx" ON "moderation_queues" USING btree (lower("name"));--> statement-breakpoint
INSERT INTO "moderation_queues" ("name") VALUES ('Senior review');
