CREATE TABLE "ad_claims" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_live_counter" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint,
	"type" text NOT NULL,
	"ad_id" uuid NOT NULL,
	"status" text,
	"by_id" uuid,
	"claim_expires_at" timestamp with time zone,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb
);
--> statement-breakpoint
CREATE TABLE "rejection_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_claims" ADD CONSTRAINT "ad_claims_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_claims" ADD CONSTRAINT "ad_claims_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_claims_admin_idx" ON "ad_claims" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_live_events_seq_idx" ON "ad_live_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "ad_live_events_unsequenced_idx" ON "ad_live_events" USING btree ("id") WHERE "ad_live_events"."seq" is null;--> statement-breakpoint
CREATE INDEX "rejection_reasons_created_idx" ON "rejection_reasons" USING btree ("created_at","id");--> statement-breakpoint
INSERT INTO ad_live_counter (one, last) VALUES (true, 0);
--> statement-breakpoint
-- Every committed change to an ad becomes a row of ad_live_events in the same transaction; the
-- admin who made it is the transaction's `backoffice.admin_id` (set by the services), else the
-- ad's moderator for a decision. The statement-level trigger on ad_live_events wakes the servers.
CREATE FUNCTION ad_live_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('backoffice.admin_id', true), '')::uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ad_live_events (type, ad_id, status, by_id)
      SELECT 'created', id, status, actor FROM new_rows ORDER BY posting_date, id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ad_live_events (type, ad_id, status, by_id)
      SELECT 'deleted', id, status, actor FROM old_rows ORDER BY id;
  ELSE
    INSERT INTO ad_live_events (type, ad_id, status, by_id, at)
      SELECT CASE WHEN n.status IS DISTINCT FROM o.status THEN 'moderated' ELSE 'images_updated' END,
             n.id, n.status,
             CASE WHEN n.status IS DISTINCT FROM o.status THEN coalesce(actor, n.moderated_by) ELSE actor END,
             CASE WHEN n.status IS DISTINCT FROM o.status THEN coalesce(n.moderated_at, now()) ELSE now() END
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.status IS DISTINCT FROM o.status OR n.images IS DISTINCT FROM o.images
      ORDER BY n.id;
    -- A decision ends the ad's claim (its event says so: `claim` is null on a moderated ad).
    DELETE FROM ad_claims c USING new_rows n WHERE c.ad_id = n.id AND n.status <> 'pending';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER advertisements_live_insert AFTER INSERT ON advertisements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_live_capture();--> statement-breakpoint
CREATE TRIGGER advertisements_live_update AFTER UPDATE ON advertisements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_live_capture();--> statement-breakpoint
CREATE TRIGGER advertisements_live_delete AFTER DELETE ON advertisements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_live_capture();--> statement-breakpoint
-- Claims taken or renewed are `claimed`; a claim removed while its ad is still pending (release,
-- take-over aside, sign-out) is `released`. Decisions and deletions say it themselves.
CREATE FUNCTION ad_claims_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('backoffice.admin_id', true), '')::uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO ad_live_events (type, ad_id, status, by_id)
      SELECT 'released', o.ad_id, a.status, coalesce(actor, o.admin_id)
      FROM old_rows o JOIN advertisements a ON a.id = o.ad_id AND a.status = 'pending' ORDER BY o.ad_id;
  ELSE
    INSERT INTO ad_live_events (type, ad_id, status, by_id, claim_expires_at)
      SELECT 'claimed', n.ad_id, 'pending', n.admin_id, n.expires_at FROM new_rows n ORDER BY n.ad_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ad_claims_live_insert AFTER INSERT ON ad_claims
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_claims_capture();--> statement-breakpoint
CREATE TRIGGER ad_claims_live_update AFTER UPDATE ON ad_claims
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_claims_capture();--> statement-breakpoint
CREATE TRIGGER ad_claims_live_delete AFTER DELETE ON ad_claims
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ad_claims_capture();--> statement-breakpoint
-- Signing out (or a session ending any other way) releases the claims of an admin left without a session.
CREATE FUNCTION sessions_release_claims() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ad_claims c USING (SELECT DISTINCT user_id FROM old_rows) o
    WHERE c.admin_id = o.user_id AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = o.user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_release_claims AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_release_claims();--> statement-breakpoint
CREATE FUNCTION ad_live_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ad_live_raw', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ad_live_events_wake AFTER INSERT ON ad_live_events
  FOR EACH STATEMENT EXECUTE FUNCTION ad_live_wake();--> statement-breakpoint
-- Gives committed events their `seq`, in turns (the counter's row lock): a row becomes visible to
-- a sequencer only after its transaction committed, so `seq` grows in commit order and a reader
-- that has seen seq N never later finds a row below N. Counts are those after every change the
-- batch holds. Returns how many rows it numbered, and tells the servers by NOTIFY.
CREATE FUNCTION ad_live_sequence() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  base bigint;
  numbered bigint;
  cards jsonb;
BEGIN
  SELECT last INTO base FROM ad_live_counter WHERE one FOR UPDATE;
  IF NOT EXISTS (SELECT 1 FROM ad_live_events WHERE seq IS NULL) THEN
    RETURN 0;
  END IF;
  SELECT jsonb_build_object(
      'pending', coalesce(sum(n) FILTER (WHERE status = 'pending'), 0),
      'approved', coalesce(sum(n) FILTER (WHERE status = 'approved'), 0),
      'rejected', coalesce(sum(n) FILTER (WHERE status = 'rejected'), 0),
      'total', coalesce(sum(n), 0))
    INTO cards FROM ad_summary;
  WITH todo AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM ad_live_events WHERE seq IS NULL)
  UPDATE ad_live_events e SET seq = base + todo.rn, counts = cards FROM todo WHERE e.id = todo.id;
  GET DIAGNOSTICS numbered = ROW_COUNT;
  UPDATE ad_live_counter SET last = base + numbered WHERE one;
  PERFORM pg_notify('ad_live', (base + numbered)::text);
  RETURN numbered;
END $$;
