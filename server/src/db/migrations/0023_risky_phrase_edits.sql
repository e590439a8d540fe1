CREATE TABLE "risky_phrase_edits" (
	"language" text NOT NULL,
	"category" text NOT NULL,
	"phrase" text NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "risky_phrase_edits_language_category_phrase_pk" PRIMARY KEY("language","category","phrase")
);
--> statement-breakpoint
ALTER TABLE "risky_phrase_edits" ADD CONSTRAINT "risky_phrase_edits_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;