CREATE TABLE "advertiser_ad_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"approved" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_sign_ins" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"stage" text NOT NULL,
	"challenge" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "recovery_codes_user_id_code_hash_pk" PRIMARY KEY("user_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "webauthn_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[],
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "categories" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "factor" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "webauthn_challenge" text;--> statement-breakpoint
ALTER TABLE "rule_backtests" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_sign_ins" ADD CONSTRAINT "pending_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_credentials" ADD CONSTRAINT "webauthn_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_sign_ins_expires_idx" ON "pending_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webauthn_credentials_user_idx" ON "webauthn_credentials" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('administrator', 'moderator', 'support'));--> statement-breakpoint
-- Every admin has a role and only admins have one: the spec's edit (Role Admin) without a role, the
-- admin CLI and the seeds make administrators; a user no longer an admin loses role and categories.
CREATE FUNCTION users_role_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_admin AND NEW.role IS NULL THEN
    NEW.role := 'administrator';
  ELSIF NOT NEW.is_admin THEN
    NEW.role := NULL;
    NEW.categories := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_role_default BEFORE INSERT OR UPDATE OF is_admin, role, categories ON users
  FOR EACH ROW EXECUTE FUNCTION users_role_default();--> statement-breakpoint
UPDATE users SET role = 'administrator' WHERE is_admin;--> statement-breakpoint
-- The advertiser card's counts, kept exact in the same transaction as every change to
-- advertisements, like ad_daily (one upsert per advertiser a statement touched).
CREATE FUNCTION advertiser_ad_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO advertiser_ad_counts (user_id, approved, pending, rejected)
      SELECT user_id, count(*) FILTER (WHERE status = 'approved'), count(*) FILTER (WHERE status = 'pending'),
        count(*) FILTER (WHERE status = 'rejected')
      FROM new_rows WHERE user_id IS NOT NULL GROUP BY 1 ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET approved = advertiser_ad_counts.approved + EXCLUDED.approved,
        pending = advertiser_ad_counts.pending + EXCLUDED.pending, rejected = advertiser_ad_counts.rejected + EXCLUDED.rejected;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO advertiser_ad_counts (user_id, approved, pending, rejected)
      SELECT user_id, -count(*) FILTER (WHERE status = 'approved'), -count(*) FILTER (WHERE status = 'pending'),
        -count(*) FILTER (WHERE status = 'rejected')
      FROM old_rows WHERE user_id IS NOT NULL GROUP BY 1 ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET approved = advertiser_ad_counts.approved + EXCLUDED.approved,
        pending = advertiser_ad_counts.pending + EXCLUDED.pending, rejected = advertiser_ad_counts.rejected + EXCLUDED.rejected;
  ELSE
    INSERT INTO advertiser_ad_counts (user_id, approved, pending, rejected)
      SELECT user_id, a, p, r FROM (
        SELECT user_id, coalesce(sum(d) FILTER (WHERE status = 'approved'), 0) AS a,
          coalesce(sum(d) FILTER (WHERE status = 'pending'), 0) AS p,
          coalesce(sum(d) FILTER (WHERE status = 'rejected'), 0) AS r
        FROM (
          SELECT n.user_id, n.status, 1 AS d FROM new_rows n
          UNION ALL
          SELECT o.user_id, o.status, -1 FROM old_rows o
        ) delta WHERE user_id IS NOT NULL GROUP BY 1
      ) changed WHERE a <> 0 OR p <> 0 OR r <> 0 ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET approved = advertiser_ad_counts.approved + EXCLUDED.approved,
        pending = advertiser_ad_counts.pending + EXCLUDED.pending, rejected = advertiser_ad_counts.rejected + EXCLUDED.rejected;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER advertisements_advertiser_counts_insert AFTER INSERT ON advertisements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION advertiser_ad_counts_apply();--> statement-breakpoint
CREATE TRIGGER advertisements_advertiser_counts_update AFTER UPDATE ON advertisements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION advertiser_ad_counts_apply();--> statement-breakpoint
CREATE TRIGGER advertisements_advertiser_counts_delete AFTER DELETE ON advertisements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION advertiser_ad_counts_apply();--> statement-breakpoint
INSERT INTO advertiser_ad_counts (user_id, approved, pending, rejected)
  SELECT user_id, count(*) FILTER (WHERE status = 'approved'), count(*) FILTER (WHERE status = 'pending'),
    count(*) FILTER (WHERE status = 'rejected')
  FROM advertisements WHERE user_id IS NOT NULL GROUP BY 1;
