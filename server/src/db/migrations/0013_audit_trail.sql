CREATE TABLE "audit_counts" (
	"entity" text NOT NULL,
	"action" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "audit_counts_entity_action_pk" PRIMARY KEY("entity","action")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid,
	"entity_label" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"at" timestamp with time zone NOT NULL,
	"rejection_reason" text,
	"details" jsonb,
	"advertiser_id" uuid,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_id_idx" ON "audit_events" USING btree ("entity_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_action_idx" ON "audit_events" USING btree ("entity","action","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_advertiser_idx" ON "audit_events" USING btree ("advertiser_id","at","id") WHERE "audit_events"."advertiser_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_events_decisions_idx" ON "audit_events" USING btree ("at","id") WHERE "audit_events"."entity" = 'ad' and "audit_events"."action" in ('approved', 'rejected', 'deleted', 'images_updated');--> statement-breakpoint
CREATE INDEX "audit_events_label_trgm_idx" ON "audit_events" USING gin ("entity_label" gin_trgm_ops);
--> statement-breakpoint
-- The old ad history moves here, nothing lost (docs/decisions/0016-audit-trail.md): approve, reject,
-- delete and images become approved, rejected, deleted and images_updated; a rejection keeps its
-- reason, an image change its count in details.removed (any other text of the old reason goes to
-- details.reason, as "User deleted" does), the admin's name is taken as it is now. Every ad still
-- in the table gets its `submitted` entry at its posting date, as new ones get from the trigger below.
INSERT INTO audit_events (entity, entity_id, entity_label, action, actor_id, actor_name, at, rejection_reason, details, advertiser_id, submitted_at)
SELECT 'ad', entity_id, entity_label, action, actor_id, actor_name, at, rejection_reason, details, advertiser_id, submitted_at
FROM (
  SELECT a.id AS entity_id, a.heading AS entity_label, 'submitted' AS action, NULL::uuid AS actor_id,
    NULL::text AS actor_name, a.posting_date AS at, NULL::text AS rejection_reason, NULL::jsonb AS details,
    a.user_id AS advertiser_id, NULL::timestamptz AS submitted_at, 0 AS src, 0::bigint AS seq
  FROM advertisements a
  UNION ALL
  SELECT e.ad_id, e.ad_heading,
    CASE e.action WHEN 'approve' THEN 'approved' WHEN 'reject' THEN 'rejected' WHEN 'delete' THEN 'deleted'
      WHEN 'images' THEN 'images_updated' ELSE e.action END,
    e.admin_id, coalesce(nullif(u.name, ''), u.username), e.created_at,
    CASE WHEN e.action = 'reject' THEN e.reason END,
    CASE
      WHEN e.action = 'reject' OR e.reason IS NULL THEN NULL
      WHEN e.action = 'images' AND e.reason ~ '^Removed [0-9]+ image\(s\)$'
        THEN jsonb_build_object('removed', substring(e.reason FROM '[0-9]+')::int)
      ELSE jsonb_build_object('reason', e.reason)
    END,
    a.user_id, CASE WHEN e.action IN ('approve', 'reject') THEN a.posting_date END, 1, e.id
  FROM moderation_events e
  LEFT JOIN users u ON u.id = e.admin_id
  LEFT JOIN advertisements a ON a.id = e.ad_id
) moved
ORDER BY at, src, seq;
--> statement-breakpoint
INSERT INTO audit_counts (entity, action, n) SELECT entity, action, count(*) FROM audit_events GROUP BY 1, 2;
--> statement-breakpoint
-- audit_counts stays exact in the same transaction as every insert (entries are never updated or
-- deleted through the application).
CREATE FUNCTION audit_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_counts (entity, action, n)
    SELECT entity, action, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (entity, action) DO UPDATE SET n = audit_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_counts_insert AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_counts_apply();--> statement-breakpoint
-- An ad arriving from the public site (or any insert into advertisements) is `submitted`, by nobody
-- the back office knows, in the same transaction as the insert.
CREATE FUNCTION audit_ad_submitted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_events (entity, entity_id, entity_label, action, at, advertiser_id)
    SELECT 'ad', id, heading, 'submitted', posting_date, user_id FROM new_rows ORDER BY posting_date, id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER advertisements_audit_submitted AFTER INSERT ON advertisements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_ad_submitted();--> statement-breakpoint
DROP TABLE "moderation_events" CASCADE;
