CREATE TABLE "banner_ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"placement" text DEFAULT 'Home page' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"image" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_ads_dates_ordered" CHECK ("banner_ads"."end_date" >= "banner_ads"."start_date")
);
--> statement-breakpoint
CREATE TABLE "duties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duties_code_form" CHECK ("duties"."code" ~ '^#D[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "package_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"package_id" uuid,
	"price_paid" numeric(12, 2) NOT NULL,
	"start_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pid" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"duration" text NOT NULL,
	"max_ads" integer NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"popularity" text DEFAULT 'None' NOT NULL,
	"icon" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_price_positive" CHECK ("packages"."price" > 0),
	CONSTRAINT "packages_max_ads_positive" CHECK ("packages"."max_ads" >= 1)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"image" text,
	"category" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_ads_created_idx" ON "banner_ads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "duties_code_idx" ON "duties" USING btree ("code");--> statement-breakpoint
CREATE INDEX "package_subscriptions_package_idx" ON "package_subscriptions" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "package_subscriptions_start_idx" ON "package_subscriptions" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "package_subscriptions_user_idx" ON "package_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_pid_idx" ON "packages" USING btree ("pid");