-- An ad's row locked, then its claim read, in one round trip (docs/decisions/0017-live-queue-and-claims.md,
-- "The lock and the claim in one call"). Claims and decisions on one ad take turns on the ad's row
-- lock; the claim must be read after the lock is held, because a statement that waited for the lock
-- still sees the other tables as they were when it began (a claim committed meanwhile would be
-- missed). A volatile PL/pgSQL function takes a new snapshot for each of its statements, so its
-- second statement sees every claim committed before the lock was granted: the two statements the
-- server sent, without the second round trip. No row: the ad does not exist.

CREATE OR REPLACE FUNCTION ad_lock_claim(p_ad uuid)
RETURNS TABLE (status text, heading text, user_id uuid, claim_admin_id uuid, claim_name text, claim_expires_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM advertisements a WHERE a.id = p_ad FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT a.status, a.heading, a.user_id, c.admin_id, coalesce(u.name, u.username), c.expires_at
    FROM advertisements a
    LEFT JOIN ad_claims c ON c.ad_id = a.id
    LEFT JOIN users u ON u.id = c.admin_id
    WHERE a.id = p_ad;
END $$;
