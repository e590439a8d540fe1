CREATE TABLE "user_counts" (
	"is_admin" boolean PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- Keep user_counts exact in the same transaction as every change to users: one upsert per role a
-- statement touches (updates only when a role changed).
CREATE FUNCTION user_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts (is_admin, n)
      SELECT is_admin, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (is_admin) DO UPDATE SET n = user_counts.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_counts (is_admin, n)
      SELECT is_admin, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (is_admin) DO UPDATE SET n = user_counts.n + EXCLUDED.n;
  ELSE
    INSERT INTO user_counts (is_admin, n)
      SELECT is_admin, sum(d) FROM (
        SELECT is_admin, 1 AS d FROM new_rows
        UNION ALL
        SELECT is_admin, -1 FROM old_rows
      ) delta GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1
      ON CONFLICT (is_admin) DO UPDATE SET n = user_counts.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();--> statement-breakpoint
CREATE TRIGGER users_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();--> statement-breakpoint
CREATE TRIGGER users_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();--> statement-breakpoint
INSERT INTO user_counts (is_admin, n) SELECT is_admin, count(*) FROM users GROUP BY is_admin;
