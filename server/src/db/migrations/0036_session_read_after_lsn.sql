-- With a read replica (docs/decisions/0037-read-replica.md): the primary's WAL position after the
-- session's admin last wrote; their reads stay on the primary until the replica has replayed it.
ALTER TABLE "sessions" ADD COLUMN "read_after_lsn" "pg_lsn";
