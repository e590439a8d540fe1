ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ad_live_events" ADD COLUMN "by_name" text;--> statement-breakpoint
-- Entries keep the admin's id as written (docs/decisions/0016-audit-trail.md, "Kept as written"):
-- the key that set it null when the admin was deleted is gone above. Ids already lost stay lost.
-- The trail refuses to be rewritten: any UPDATE, and any DELETE or TRUNCATE outside a purge, fails.
-- A purge (an operator's retention, never the application) opts in for its own transaction with
-- set_config('backoffice.audit_purge', 'on', true).
CREATE FUNCTION audit_events_refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' AND current_setting('backoffice.audit_purge', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'audit_events entries are kept as written (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_kept_as_written BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_rewrite();--> statement-breakpoint
-- A live event names its admin as they were called when it was written, so a stream replayed
-- after that admin's deletion still says who did it (the join at read time lost them).
UPDATE ad_live_events e SET by_name = coalesce(u.name, u.username) FROM users u WHERE u.id = e.by_id;--> statement-breakpoint
CREATE FUNCTION ad_live_name_actor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.by_id IS NOT NULL AND NEW.by_name IS NULL THEN
    NEW.by_name := (SELECT coalesce(u.name, u.username) FROM users u WHERE u.id = NEW.by_id);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER ad_live_events_name_actor BEFORE INSERT ON ad_live_events
  FOR EACH ROW EXECUTE FUNCTION ad_live_name_actor();
